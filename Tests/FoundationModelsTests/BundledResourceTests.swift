import Foundation
import Testing
@testable import FoundationModels

/// Resource files are found without SwiftPM's `Bundle.module` (which stops the process when its
/// bundle is missing): `$FM_RESOURCES` first, then beside the executable, then the source tree,
/// and a missing file is an error listing every place tried.
@Suite("BundledResource")
struct BundledResourceTests {
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bundled-resource-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `<root>/<bundle>/Resources/data.txt` holding `text`.
    static func install(_ text: String, bundle: String, under root: URL) throws {
        let folder = root.appendingPathComponent(bundle).appendingPathComponent("Resources")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: folder.appendingPathComponent("data.txt"))
    }

    @Test func searchOrderIsEnvironmentThenExecutableThenSources() throws {
        let root = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let resource = BundledResource(target: "Demo", path: "Resources/data.txt",
                                       sourceDirectory: root.appendingPathComponent("source").path)
        let environment = [BundledResource.directoryVariable: root.appendingPathComponent("env").path]
        let executable = root.appendingPathComponent("bin")
        #expect(resource.bundleName == "FoundationModels_Demo.resources")

        try Self.install("source", bundle: "", under: root.appendingPathComponent("source"))
        func found() throws -> String {
            try String(contentsOf: resource.url(environment: environment, executableDirectory: executable), encoding: .utf8)
        }
        #expect(try found() == "source")
        try Self.install("beside", bundle: resource.bundleName, under: executable)
        #expect(try found() == "beside")
        try Self.install("env", bundle: resource.bundleName, under: root.appendingPathComponent("env"))
        #expect(try found() == "env")
    }

    @Test func aMissingResourceNamesEveryPlaceTried() throws {
        let root = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let resource = BundledResource(target: "Demo", path: "Resources/data.txt", sourceDirectory: root.path)
        // A directory where the file should be is not the file.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Resources/data.txt"), withIntermediateDirectories: true)
        let error = #expect(throws: BundledResourceError.self) {
            try resource.url(environment: [:], executableDirectory: root.appendingPathComponent("bin"))
        }
        #expect(error?.tried == [root.appendingPathComponent("bin/FoundationModels_Demo.resources/Resources/data.txt").path,
                                 root.appendingPathComponent("Resources/data.txt").path])
        #expect(error?.description.contains(BundledResource.directoryVariable) == true)
    }

    /// The shipped files are found in this test process (beside the test bundle's executable).
    @Test func shippedResourcesAreFound() throws {
        let url = try GuardrailWeights.shippedURL()
        #expect(url.path.hasSuffix("Resources/guardrail-weights.tsv"))
        #expect(FileManager.default.isReadableFile(atPath: url.path))
    }
}
