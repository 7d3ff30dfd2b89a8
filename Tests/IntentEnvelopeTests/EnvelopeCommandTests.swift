import Foundation
import Testing
import IntentEnvelope
import JSONSchemaValidation

/// `fm envelope ...` and `fm jsonschema validate`, run as the built binary.
@Suite("fm envelope / jsonschema commands") struct EnvelopeCommandTests {
    func file(_ json: JSONValue) throws -> String { try FMExecutable.temporaryFile(json.serialized(.init(indentation: 2))) }

    @Test func checkCompleteSeedEnvelope() throws {
        let output = try FMExecutable.run(["envelope", "check", try FMExecutable.temporaryFile(SeedExamples.complete)])
        #expect(output.stdout == "may perform: PlaceOrderIntent\n")
        #expect(output.status == 0)
    }

    @Test func checkIncompleteSeedEnvelopeIsRefused() throws {
        let output = try FMExecutable.run(["envelope", "check", try FMExecutable.temporaryFile(SeedExamples.incomplete)])
        #expect(output.stdout == "refused: incomplete: complete is false; perform() waits until generation has finished\n")
        #expect(output.status == 1)
    }

    @Test(arguments: [
        ("source", JSONValue.string("siri"), #"malformed: /source: "siri" is not one of ["foundation-models", "app-intent"]"#),
        ("complete", JSONValue.string("true"), "malformed: /complete: expected boolean, found string"),
        ("parameters", nil, "malformed: /parameters: required property 'parameters' is missing"),
    ] as [(String, JSONValue?, String)])
    func checkBadSeedVariants(key: String, value: JSONValue?, expected: String) throws {
        let output = try FMExecutable.run(["envelope", "check", try file(try SeedExamples.completeWith(key, value))])
        #expect(output.stdout == expected + "\n")
        #expect(output.status == 65)
    }

    @Test func checkSchemaVersionParameterKeyAndAppIntentRules() throws {
        let complete = try FMExecutable.temporaryFile(SeedExamples.complete)
        let stale = try FMExecutable.run(["envelope", "check", complete, "--schema-version", "4"])
        #expect(stale.stdout == "refused: schemaVersionMismatch: schemaVersion is 3 but the intent is at version 4; an old envelope replays only through a registered migration\n")
        #expect(stale.status == 1)
        #expect(try FMExecutable.run(["envelope", "check", complete, "--schema-version", "3"]).status == 0)

        guard case .object(var content) = try SeedExamples.completeWith("content", nil)["parameters"] ?? .null else { return }
        content["giftWrap"] = true
        let extra = try FMExecutable.run(["envelope", "check", try file(try SeedExamples.completeWith("parameters", .object(content)))])
        #expect(extra.stdout == "refused: parameterNotInContent: parameters key 'giftWrap' (/parameters/giftWrap) is not in content; the model did not write it\n")
        #expect(extra.status == 1)

        var appIntent = try SeedExamples.completeWith("source", "app-intent")
        if case .object(var object) = appIntent {
            object["generable"] = .null
            object["content"] = .null
            appIntent = .object(object)
        }
        let invented = try FMExecutable.run(["envelope", "check", try file(appIntent)])
        #expect(invented.stdout == "refused: appIntentMustNotCarryModelFields: source app-intent must have null sessionId; no session or content is invented for a system call\n")
        #expect(invented.status == 1)
    }

    @Test func checkUnreadableAndUsage() throws {
        let missing = try FMExecutable.run(["envelope", "check", "/nonexistent/envelope.json"])
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr == "fm: cannot read /nonexistent/envelope.json: No such file or directory\n")
        #expect(missing.status == 66)
        let notJSON = try FMExecutable.run(["envelope", "check", try FMExecutable.temporaryFile("{\"source\": ")])
        #expect(notJSON.stderr.hasPrefix("fm: "))
        #expect(notJSON.stderr.contains(" is not JSON: "))
        #expect(notJSON.status == 65)
        #expect(try FMExecutable.run(["envelope", "check"]).status == 64)
    }

    @Test(arguments: [["envelope", "check", "--help"], ["envelope", "check", "-h"], ["help", "envelope", "check"]])
    func helpPrintsTheUsageVerbatim(arguments: [String]) throws {
        let output = try FMExecutable.run(arguments)
        #expect(output.stdout == """
            OVERVIEW: Check a seed-004 envelope against its schema and the execution rules.

            Prints 'may perform: <intent>', 'refused: <rule>: <reason>', or one
            'malformed: <path>: <reason>' line per schema violation. Exit status 0 when it may be
            performed, 1 when it is well-formed but refused, 65 when malformed, 66 when unreadable.

            USAGE: fm envelope check [--schema-version <n>] [--json] <file>

            ARGUMENTS:
              <file>                  The envelope.

            OPTIONS:
              --schema-version <n>    The intent's current schema version; other versions
                                      are refused.
              --json                  Print one JSON object: {"verdict": "may perform" |
                                      "refused" | "malformed", ...}.
              -h, --help              Show help information.

            """)
        #expect(output.status == 0)
        let overview = try FMExecutable.run(["envelope", "--help"])
        #expect(overview.stdout.contains("\n  check "))
        #expect(overview.stdout.contains("\n  replay "))
        #expect(try FMExecutable.run(["jsonschema", "--help"]).stdout.contains("\n  validate "))
    }

    @Test func diffShowsTheRationaleOnlyInContent() throws {
        let output = try FMExecutable.run(["envelope", "diff", try FMExecutable.temporaryFile(SeedExamples.complete)])
        #expect(output.stdout == "- /rationale: \"User asked for pickup.\"\n")
        #expect(output.status == 0)
        let partial = try FMExecutable.run(["envelope", "diff", try FMExecutable.temporaryFile(SeedExamples.incomplete)])
        #expect(partial.stdout == "parameters is null (complete: false); nothing to compare\n")
    }

    @Test func replayReportsEveryRecordAndATornTail() throws {
        let complete = try JSONValue(parsing: SeedExamples.complete).serialized()
        let incomplete = try JSONValue(parsing: SeedExamples.incomplete).serialized()
        let path = try FMExecutable.temporaryFile(complete + "\n" + incomplete + "\n" + #"{"source":"foun"#, name: "journal.jsonl")
        let output = try FMExecutable.run(["envelope", "replay", path, "--schema-version", "3"])
        #expect(output.stdout == """
            line 1: may perform: PlaceOrderIntent
            line 2: refused: incomplete: complete is false; perform() waits until generation has finished
            torn last line at byte \(complete.utf8.count + incomplete.utf8.count + 2) (15 bytes): not a record
            2 records: 1 may perform, 1 refused, 0 malformed

            """)
        #expect(output.status == 1)
        let clean = try FMExecutable.temporaryFile(complete + "\n", name: "journal.jsonl")
        #expect(try FMExecutable.run(["envelope", "replay", clean]).status == 0)
        #expect(try FMExecutable.run(["envelope", "replay", clean, "--schema-version", "2"]).status == 1)
        #expect(try FMExecutable.run(["envelope", "replay", "/nonexistent/j.jsonl"]).status == 66)
    }

    @Test func jsonschemaValidateSingleAndLines() throws {
        let schema = try FMExecutable.temporaryFile(#"{"type":"object","properties":{"n":{"type":"integer","maximum":3}},"required":["n"]}"#, name: "schema.json")
        let valid = try FMExecutable.run(["jsonschema", "validate", "--schema", schema, try FMExecutable.temporaryFile(#"{"n":2}"#)])
        #expect(valid.stdout == "valid\n")
        #expect(valid.status == 0)
        let lines = try FMExecutable.temporaryFile("{\"n\":1}\n{\"n\":7}\n\n[]\n{}\n", name: "instances.jsonl")
        let output = try FMExecutable.run(["jsonschema", "validate", "--schema", schema, "--instances", lines])
        #expect(output.stdout == """
            valid
            invalid: /n: 7 is greater than the maximum 3
            invalid: /: expected object, found array
            invalid: /n: required property 'n' is missing

            """)
        #expect(output.status == 1)
        let broken = try FMExecutable.temporaryFile("{\"n\":1}\n{\"n\":\n", name: "instances.jsonl")
        let unreadable = try FMExecutable.run(["jsonschema", "validate", "--schema", schema, "--instances", broken])
        #expect(unreadable.stdout == "valid\n")
        #expect(unreadable.stderr.hasPrefix("fm: \(broken): line 2: "))
        #expect(unreadable.status == 65)
        #expect(try FMExecutable.run(["jsonschema", "validate", "--schema", "/nonexistent.json", "--instances", lines]).status == 66)
    }

    @Test func jsonschemaValidateResolvesSiblingFilesAndAssertsFormats() throws {
        let schema = try FMExecutable.temporaryFile(#"{"$ref":"defs.json"}"#, name: "schema.json")
        let defs = URL(fileURLWithPath: schema).deletingLastPathComponent().appendingPathComponent("defs.json")
        try Data(#"{"type":"string","format":"date"}"#.utf8).write(to: defs)
        let instance = try FMExecutable.temporaryFile(#""2021-02-29""#)
        #expect(try FMExecutable.run(["jsonschema", "validate", "--schema", schema, instance]).stdout == "valid\n")
        let asserted = try FMExecutable.run(["jsonschema", "validate", "--schema", schema, instance, "--assert-format"])
        #expect(asserted.stdout == "invalid: /: \"2021-02-29\" is not a valid date\n")
        #expect(asserted.status == 1)
    }
}
