import Foundation
import Testing
@testable import JSONSchemaValidation

@Suite("JSONSchema") struct JSONSchemaTests {
    @Test func errorsNameInstancePathAndKeywordLocationThroughRefs() throws {
        let schema = try JSONSchema([
            "$defs": ["qty": ["type": "integer", "minimum": 1]],
            "type": "object",
            "properties": ["lines": ["type": "array", "items": ["properties": ["quantity": ["$ref": "#/$defs/qty"]]]]],
        ])
        let result = schema.validate(try JSONValue(parsing: #"{"lines":[{"quantity":2},{"quantity":0},{"quantity":"3"}]}"#))
        #expect(!result.isValid)
        #expect(result.errors == [
            ValidationError(instancePath: "/lines/1/quantity", keywordLocation: "/properties/lines/items/properties/quantity/$ref/minimum",
                            message: "0 is less than the minimum 1"),
            ValidationError(instancePath: "/lines/2/quantity", keywordLocation: "/properties/lines/items/properties/quantity/$ref/type",
                            message: "expected integer, found string"),
        ])
        #expect(result.errors[0].description == "/lines/1/quantity: 0 is less than the minimum 1")
    }

    @Test func embeddedMetaSchemasParseAndAreValidSchemas() throws {
        #expect(SchemaRegistry.draft202012MetaSchemas.count == 9)
        for (uri, text) in SchemaRegistry.draft202012MetaSchemas {
            let document = try JSONValue(parsing: text)
            #expect(document["$id"] == .string(uri))
            #expect(throws: Never.self) { try JSONSchema(document) }
        }
        let metaSchema = try JSONSchema(["$ref": "https://json-schema.org/draft/2020-12/schema"])
        #expect(metaSchema.validate(["type": "object", "properties": ["a": ["minimum": 1]]]).isValid)
        #expect(metaSchema.validate(["properties": ["a": ["minimum": "1"]]]).errors.map(\.instancePath) == ["/properties/a/minimum"])
    }

    @Test func pointerTokensAreEscapedInPaths() throws {
        let schema = try JSONSchema(["properties": ["a/b~c": ["type": "null"]]])
        let error = try #require(schema.validate(["a/b~c": 1]).errors.first)
        #expect(error.instancePath == "/a~1b~0c")
        #expect(error.keywordLocation == "/properties/a~1b~0c/type")
    }

    @Test func badSchemasAreTypedErrors() {
        #expect(throws: SchemaError(.unresolvableReference("urn:fm:json-schema:root#/$defs/missing"), at: "/$ref")) {
            try JSONSchema(["$ref": "#/$defs/missing"])
        }
        #expect(throws: SchemaError(.invalidKeyword(keyword: "minLength", reason: "expected integer, found string"), at: "/minLength")) {
            try JSONSchema(["minLength": "3"])
        }
        #expect(throws: SchemaError.self) { try JSONSchema(["pattern": "(unclosed"]) }
        #expect(throws: SchemaError.self) { try JSONSchema(["$ref": "https://example.com/not-registered.json"]) }
    }

    @Test func unreadableRemoteNamesTheReferringKeywordAndTheFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("remote-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("{\"type\": ".utf8).write(to: directory.appendingPathComponent("broken.json"))
        var registry = SchemaRegistry()
        registry.map(prefix: "https://example.com/", toDirectory: directory.path)
        do {
            _ = try JSONSchema(["properties": ["a": ["$ref": "https://example.com/broken.json"]]], options: .init(registry: registry))
            Issue.record("a broken remote was accepted")
        } catch {
            #expect(error.location == "/properties/a/$ref")
            guard case .unreadableRemote(let uri, let reason) = error.reason else {
                Issue.record("expected unreadableRemote, got \(error)")
                return
            }
            #expect(uri == "https://example.com/broken.json")
            #expect(reason.contains("broken.json: unexpected end of input"))
        }
    }

    @Test func olderDraftSchemasApplyWithLegacyKeywords() throws {
        let schema = try JSONSchema(try JSONValue(parsing: #"""
            {"$schema": "http://json-schema.org/draft-07/schema#",
             "definitions": {"name": {"type": "string"}},
             "type": "array", "items": [{"$ref": "#/definitions/name"}, {"type": "integer"}],
             "additionalItems": false}
            """#))
        #expect(schema.validate(["a", 1]).isValid)
        #expect(schema.validate([1, 1]).errors.map(\.keywordLocation) == ["/items/0/$ref/type"])
        #expect(schema.validate(["a", 1, true]).errors.map(\.instancePath) == ["/2"])
    }

    @Test func registryServesRegisteredDocuments() throws {
        var registry = SchemaRegistry()
        registry.register(["$defs": ["id": ["type": "string", "pattern": "^sku_\\d+$"]]], at: "https://example.com/common.json")
        let schema = try JSONSchema(["$ref": "https://example.com/common.json#/$defs/id"], options: .init(registry: registry))
        #expect(schema.validate("sku_42").isValid)
        #expect(schema.validate("SKU-42").errors.first?.message == #""SKU-42" does not match the pattern ^sku_\d+$"#)
    }

    @Test func referenceCycleEndsWithAnErrorInsteadOfACrash() throws {
        let schema = try JSONSchema(["$ref": "#"])
        let result = schema.validate(1)
        #expect(result.errors.first?.message == "reference cycle: 'urn:fm:json-schema:root#' applies to this value again without consuming it")
    }

    @Test func deeplyNestedInstancesValidate() throws {
        let schema = try JSONSchema(["anyOf": [["type": "integer"], ["type": "array", "items": ["$ref": "#"]]]])
        var value: JSONValue = 1
        for _ in 0..<(JSONValue.maximumNestingDepth - 1) { value = [value] }
        #expect(schema.validate(value).isValid)
    }

    /// The shallow limits (on the caller's stack) at their worst together: schema depth just
    /// under the limit with a pattern at the bottom that recurses just under its limit.
    @Test func shallowLimitsFitTogetherOnATaskStack() throws {
        let schema = try JSONSchema(["anyOf": [["type": "string", "pattern": "^(?:(ab)|c)+$"], ["type": "array", "items": ["$ref": "#"]]]])
        var value: JSONValue = .string(String(repeating: "ab", count: 140))
        for _ in 0..<30 { value = [value] }
        #expect(schema.validate(value).isValid)
    }

    @Test func formatIsAnAnnotationUnlessAsserted() throws {
        let schema: JSONValue = ["format": "ipv4"]
        #expect(try JSONSchema(schema).validate("999.1.1.1").isValid)
        #expect(try JSONSchema(schema, options: .init(assertsFormat: true)).validate("999.1.1.1").errors.first?.message
            == #""999.1.1.1" is not a valid ipv4"#)
    }

    @Test(arguments: ["1e9223372036854775807", "-1e-9223372036854775808", "1e99999999999999999999999", "0.0e-99999999999999999999"])
    func extremeExponentsDoNotTrap(literal: String) throws {
        let number = try JSONValue(parsing: literal)
        let schema = try JSONSchema(try JSONValue(parsing: #"{"minimum": -1e400, "maximum": 1e400, "multipleOf": 1e-7, "enum": [1, 2]}"#))
        #expect(!schema.validate(number).isValid)
        if literal.hasPrefix("-") {
            #expect(throws: SchemaError.self) { try JSONSchema(["multipleOf": number]) }
        } else if number != 0 {
            #expect(try JSONSchema(["multipleOf": number]).validate(7).errors.count == 1)
        }
    }

    @Test func numbersCompareExactlyBeyondDoublePrecision() throws {
        let schema = try JSONSchema(try JSONValue(parsing: #"{"maximum": 18446744073709551615, "multipleOf": 0.01}"#))
        #expect(schema.validate(try JSONValue(parsing: "18446744073709551615")).isValid)
        #expect(!schema.validate(try JSONValue(parsing: "18446744073709551616")).isValid)
        #expect(schema.validate(try JSONValue(parsing: "19.99")).isValid)
        #expect(!schema.validate(try JSONValue(parsing: "19.999")).isValid)
    }
}

@Suite("ECMARegex") struct ECMARegexTests {
    @Test(arguments: [
        (#"^\d+$"#, "123", true), (#"^\d+$"#, "１２３", false),       // \d is ASCII only
        (#"^\w$"#, "é", false), (#"\bfoo\b"#, "a foo b", true),
        ("^a$", "a\n", false),                                        // $ does not match before a final newline
        (#"^\s$"#, "\u{FEFF}", true),
        (#"^(a|ab)(c|bcd)(d*)$"#, "abcd", true),
        (#"^(\w+)-\1$"#, "abc-abc", true), (#"^(\w+)-\1$"#, "abc-abd", false),
        (#"^(?<word>x+)\k<word>$"#, "xxxx", true),
        (#"(?<=\$)\d+"#, "cost $42", true), (#"(?<!\$)\b\d+"#, "$42", false),
        (#"^a+?b$"#, "aaab", true), (#"^x{2,3}$"#, "xxxx", false),
        (#"^\p{Lu}\p{Ll}+$"#, "Émile", true), (#"^[^\p{L}]+$"#, "123", true),
        (#"^\u{1F600}$"#, "😀", true), (#"^.$"#, "😀", true),
        (#"^[a-c\d-]+$"#, "a-1c", true), ("a{,5}", "a{,5}", true),
    ] as [(String, String, Bool)])
    func matchesAsECMA262(pattern: String, input: String, expected: Bool) throws {
        #expect(try ECMARegex(pattern).firstMatch(in: input) == expected)
    }

    @Test(arguments: ["(abc", "abc)", "[z-a]", "*a", "a**", #"\"#, "(?P<n>x)", "(?i)x", #"\a"#, "a{3,2}", #"\k<nope>(?<n>a)"#])
    func rejectsInvalidPatterns(pattern: String) {
        #expect(throws: RegexSyntaxError.self) { try ECMARegex(pattern) }
    }

    @Test func longInputsDoNotOverflowTheStack() throws {
        #expect(try ECMARegex("^[a-z]+$").firstMatch(in: String(repeating: "q", count: 200_000)))
        #expect(try ECMARegex("^(ab)+$").firstMatch(in: String(repeating: "ab", count: 50_000)))
        #expect(try ECMARegex("^(ab)+$").firstMatch(in: String(repeating: "ab", count: 50_000) + "a") == false)
        // Beyond the deep depth limit the answer is "no match", never a crash.
        _ = try ECMARegex("^(?:a|b(c))+$").firstMatch(in: String(repeating: "abc", count: 200_000))
        _ = try ECMARegex("^((((?=[ab])(?:a|b)))|c)+?$").firstMatch(in: String(repeating: "abc", count: 100_000))
        let schema = try JSONSchema(["pattern": "^(?:x|yz)*$"])
        #expect(schema.validate(.string(String(repeating: "xyz", count: 20_000))).isValid)
    }

    @Test func catastrophicBacktrackingIsBounded() throws {
        let regex = try ECMARegex("^(a+)+$")
        #expect(regex.firstMatch(in: String(repeating: "a", count: 40) + "b") == false)
    }
}
