import Foundation
import Testing

/// The reports of issue #15 as a user met them: `fm generate --schema S.json "hi"` with a
/// 20 KB pattern of nested groups ended with a segmentation fault (status 139).
@Suite("fm on hostile input", .serialized) struct HostileInputCommandTests {
    static let nestedPattern = String(repeating: "(", count: 10_000) + "a" + String(repeating: ")", count: 10_000)

    @Test func generateWithANestedPatternReportsTheGuide() throws {
        try FMProcess.requireDefaultModel()
        let schema = try FMProcess.file(#"{"type":"string","pattern":"\#(Self.nestedPattern)"}"#, name: "S.json")
        let output = try FMProcess.run(["generate", "--schema", schema, "hi"], timeout: 120)
        #expect(output.status != 139)
        #expect(output.status != 0)
        #expect(output.stdout.isEmpty)
        #expect(output.firstErrorLine.hasPrefix("fm: "))
        #expect(output.stderr.contains("nested deeper than 256"), "\(output.stderr.prefix(300))")
    }

    @Test func validateADeepInstanceReportsTheDepth() throws {
        let schema = try FMProcess.file(#"{"type":"array"}"#, name: "S.json")
        let instance = try FMProcess.file(String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000), name: "i.json")
        let output = try FMProcess.run(["jsonschema", "validate", "--schema", schema, instance], timeout: 60)
        #expect(output.status == 65)
        #expect(output.stderr.contains("nesting deeper than 512"), "\(output.stderr.prefix(300))")
    }
}
