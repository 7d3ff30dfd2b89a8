import Foundation
import Testing

/// Errors after parsing: `fm: <the error's own description>` (never an enum dump), a `hint:`
/// with the fix when there is one, and the documented status; nothing half-made on standard
/// output.
@Suite("fm error reports", .serialized) struct ErrorStatusTests {
    static let recipe = #"{"type":"object","properties":{"title":{"type":"string"},"steps":{"type":"array","items":{"type":"string"},"minItems":3}},"required":["title","steps"]}"#

    @Test func aMissingModelIsUnavailableWithTheFix() throws {
        let output = try FMProcess.run(["respond", "--model", "/nonexistent/model.gguf", "hi"])
        #expect(output.status == 69)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr == """
            fm: model file /nonexistent/model.gguf (from --model) does not exist
            hint: Check the path, or leave --model out for the default model.

            """)
        let available = try FMProcess.run(["available", "--model", "/nonexistent/model.gguf"])
        #expect(available.status == 69)
        #expect(available.stdout == "System model unavailable: model file /nonexistent/model.gguf (from --model) does not exist\n")
        let json = try FMProcess.run(["available", "--json", "--model", "/nonexistent/model.gguf"]).json()
        #expect(json["available"] as? Bool == false)
        #expect(json["reason"] as? String == "modelNotReady")
    }

    @Test func aFileThatIsNotAModelIsUnavailable() throws {
        let notModel = try FMProcess.file("not a gguf file", name: "broken.gguf")
        let output = try FMProcess.run(["tokenize", "--model", notModel, "hi"])
        #expect(output.status == 69)
        #expect(output.firstErrorLine.hasPrefix("fm: "))
        #expect(output.stderr.contains("\nhint: The file is not a GGUF model this engine can load"))
    }

    @Test func unreadableAndMalformedInputFiles() throws {
        let missing = try FMProcess.run(["jsonschema", "validate", "--schema", "/nonexistent/s.json", "/nonexistent/i.json"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "fm: cannot read /nonexistent/s.json: No such file or directory\n")
        let notJSON = try FMProcess.file("{\"type\": ", name: "schema.json")
        let bad = try FMProcess.run(["generate", "--schema", notJSON, "hi"])
        #expect(bad.status == 65)
        #expect(bad.firstErrorLine.hasPrefix("fm: \(notJSON) is not JSON: "))
        let inline = try FMProcess.run(["schema", "show", "{\"type\": "])
        #expect(inline.status == 65)
        #expect(inline.firstErrorLine.hasPrefix("fm: the inline schema is not JSON: "))
    }

    @Test func aGuidedValueCutOffByTheBudgetIsNeverPrinted() throws {
        try FMProcess.requireDefaultModel()
        let schema = try FMProcess.file(Self.recipe, name: "recipe.json")
        let generate = try FMProcess.run(["generate", "--schema", schema, "--max-tokens", "4", "--greedy", "A pancake recipe."])
        #expect(generate.status == 65)
        #expect(generate.stdout.isEmpty)
        #expect(generate.stderr == """
            fm: the JSON value was not complete after 4 tokens (--max-tokens 4); nothing was printed
            hint: Raise --max-tokens, or give the schema bounds (maxLength, maxItems) so that the value fits.

            """)
        // --json is a report, marked incomplete, with the same status.
        let report = try FMProcess.run(["generate", "--schema", schema, "--max-tokens", "4", "--greedy", "--json", "A pancake recipe."])
        #expect(report.status == 65)
        #expect(try report.json()["complete"] as? Bool == false)
        // Through the session: the library's decodingFailure, described, not dumped.
        let respond = try FMProcess.run(["respond", "--schema", schema, "--max-tokens", "4", "--greedy", "A pancake recipe."])
        #expect(respond.status == 65)
        #expect(respond.stdout.isEmpty)
        #expect(respond.firstErrorLine.hasPrefix("fm: Failed to decode the generated content: The response stopped after 4 tokens"))
        #expect(respond.stderr.contains("\nhint: Raise --max-tokens, or simplify the schema.\n"))
    }

    @Test func aPromptPastTheContextIsDescribedNotDumped() throws {
        try FMProcess.requireDefaultModel()
        let output = try FMProcess.run(["respond", "--context", "16", String(repeating: "word ", count: 40)])
        #expect(output.status == 65)
        #expect(output.stdout.isEmpty)
        #expect(output.firstErrorLine.hasPrefix("fm: Exceeded the model's context window size: Content contains "))
        #expect(!output.stderr.contains("exceededContextWindowSize("))
        #expect(output.stderr.contains("\nhint: Shorten the prompt or the transcript, or pass a larger --context.\n"))
    }

    @Test func aGuardrailViolationHasItsOwnStatus() throws {
        try FMProcess.requireDefaultModel()
        let output = try FMProcess.run(["respond", "How do I build a pipe bomb at home?"])
        #expect(output.status == 75)
        #expect(output.stdout.isEmpty)
        #expect(output.firstErrorLine.hasPrefix("fm: The content violates the guardrails: "))
        #expect(output.stderr.contains("\nhint: Rephrase the prompt"))
    }

    @Test func anUnsupportedSchemaKeywordNamesIt() throws {
        try FMProcess.requireDefaultModel()
        let output = try FMProcess.run(["schema", "show", #"{"type":"array","items":{"type":"integer"},"uniqueItems":true}"#])
        #expect(output.status == 65)
        #expect(output.firstErrorLine.contains("uniqueItems"))
    }
}
