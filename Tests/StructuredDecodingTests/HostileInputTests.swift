import Foundation
import JSONSchemaValidation
import StructuredDecoding
import Testing

/// Input that decides depth or size (issue #15): each case gets a typed error or a grammar, and
/// within a second, never a crash, a hang or unbounded memory.
@Suite("Hostile input: grammar compiler") struct HostileGrammarInputTests {
    let compiler = GrammarCompiler(vocabulary: TinyVocabulary.vocabulary)

    /// 10,000 nested groups, a 20 KB pattern: it segfaulted the regex parser (unbounded recursion).
    static let nestedPattern = String(repeating: "(", count: 10_000) + "a" + String(repeating: ")", count: 10_000)

    /// Runs `body`, which must finish within `limit`; returns the `GrammarError` it threw, if any.
    @discardableResult
    func bounded(_ limit: Duration = .seconds(1), sourceLocation: SourceLocation = #_sourceLocation,
                 _ body: () throws -> Void) -> GrammarError? {
        let clock = ContinuousClock()
        var thrown: GrammarError?
        let elapsed = clock.measure {
            do { try body() } catch let error as GrammarError { thrown = error } catch {
                Issue.record("not a GrammarError: \(error)", sourceLocation: sourceLocation)
            }
        }
        #expect(elapsed < limit, "took \(elapsed)", sourceLocation: sourceLocation)
        return thrown
    }

    @Test func nestedPatternIsRefusedByTheRegexCompiler() {
        #expect(Self.nestedPattern.utf8.count == 20_001)
        let error = bounded { _ = try compiler.compile(regex: Self.nestedPattern) }
        #expect(error?.kind == .budgetExceeded)
        #expect(error?.keyword == "RegexParser.maximumGroupNesting")
        #expect(error?.description.contains("nested deeper than 256") == true)
        // The largest nesting allowed still compiles.
        let deepest = String(repeating: "(", count: 256) + "a" + String(repeating: ")", count: 256)
        #expect(bounded { _ = try compiler.compile(regex: deepest) } == nil)
    }

    @Test func nestedPatternIsRefusedInASchema() {
        let schema: JSONValue = ["type": "string", "pattern": .string(Self.nestedPattern)]
        // The validator's regex parser checks the pattern first, with the same limit.
        let error = bounded { _ = try compiler.compile(jsonSchema: schema) }
        #expect(error?.kind == .invalidRegex)
        #expect(error?.description.contains("groups nested deeper than 256") == true)
        let keys: JSONValue = ["type": "object", "patternProperties": .object(JSONObject([(key: Self.nestedPattern, value: ["type": "integer"] as JSONValue)]))]
        #expect(bounded { _ = try compiler.compile(jsonSchema: keys) }?.description.contains("nested deeper than 256") == true)
    }

    /// Quantifiers apply to one atom: `a***…` cannot nest repetitions 20,000 deep.
    @Test(arguments: ["a" + String(repeating: "*", count: 20_000), "a??" + String(repeating: "+", count: 5), "a{2}{3}", "a*{2}"])
    func stackedQuantifiersAreRefused(_ pattern: String) {
        let error = bounded { _ = try compiler.compile(regex: pattern) }
        #expect(error?.kind == .invalidRegex)
        #expect(error?.detail == "nothing to repeat")
    }

    @Test func lazyQuantifiersAndLiteralBracesStillParse() throws {
        for pattern in ["a*?b", "a+?", "a??", "a{2}?", "a{2}{", "x{", "a{,3}"] {
            #expect(bounded { _ = try compiler.compile(regex: pattern) } == nil, "\(pattern)")
        }
        #expect(try compiler.compile(regex: "a{2}{").matches(Array("aa{".utf8)))
    }

    /// 200,000 nested arrays: the strict parser stops at its depth limit with a typed error.
    @Test func deepJSONArrayIsRefusedByTheStrictParser() {
        let text = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(throws: JSONParseError.self) { _ = try JSONValue(parsing: text) }
        }
        #expect(elapsed < .seconds(1))
        do { _ = try JSONValue(parsing: text) } catch {
            #expect(error.description.contains("\(JSONValue.maximumNestingDepth)"))
        }
    }

    /// Schemas nested as deep as the JSON parser allows compile or fail with a typed error.
    @Test(arguments: ["items", "properties", "anyOf", "not"])
    func deeplyNestedSchemas(_ keyword: String) throws {
        var schema: JSONValue = ["type": "integer"]
        for _ in 0..<200 {
            switch keyword {
            case "items": schema = ["type": "array", "items": schema]
            case "properties": schema = ["type": "object", "properties": ["a": schema], "required": ["a"]]
            case "anyOf": schema = ["anyOf": [schema, ["type": "null"]]]
            default: schema = ["not": schema]
            }
        }
        // Round-trips through text, as a schema from a file would.
        let parsed = try JSONValue(parsing: schema.serialized())
        bounded(.seconds(5)) { _ = try compiler.compile(jsonSchema: parsed) }
    }

    /// A schema nested 10,000 deep (built in code; the parser stops at 512), under each keyword
    /// that nests: a typed error naming the compiler's limit and the path where it was hit.
    @Test(arguments: ["items", "properties", "anyOf", "not"])
    func tenThousandDeepSchemaIsRefusedByTheCompiler(_ keyword: String) {
        var schema: JSONValue = ["type": "integer"]
        for _ in 0..<10_000 {
            switch keyword {
            case "items": schema = ["type": "array", "items": schema]
            case "properties": schema = ["type": "object", "properties": ["a": schema], "required": ["a"]]
            case "anyOf": schema = ["anyOf": [schema, ["type": "null"]]]
            default: schema = ["not": schema]
            }
        }
        // Found by this test: the grammar cache's key serialized the schema recursively and
        // overflowed the stack. The nesting is now measured first, without recursing.
        let error = bounded { _ = try compiler.compile(jsonSchema: schema) }
        #expect(error?.kind == .budgetExceeded, "\(String(describing: error))")
        #expect(error?.keyword == "JSONValue.maximumNestingDepth")
        #expect(error?.description.contains("deeper than \(JSONValue.maximumNestingDepth) levels") == true)
        // The path of the value at level 513: each schema level is one JSON level for `items`
        // and `not`, two for `properties` (the map, then the schema) and `anyOf` (the array).
        let (step, levels) = ["items": ("/items", 1), "properties": ("/properties/a", 2), "anyOf": ("/anyOf/0", 2), "not": ("/not", 1)][keyword] ?? ("", 1)
        let expected = "#" + String(repeating: step, count: JSONValue.maximumNestingDepth / levels)
        #expect(error?.path == expected, "\(String(describing: error?.path.prefix(80)))")
        // Under the JSON limit, the compiler's own limit on subschema nesting names itself.
        var nested: JSONValue = ["type": "integer"]
        for _ in 0..<300 { nested = ["type": "array", "items": nested] }
        let compilerError = bounded { _ = try compiler.compile(jsonSchema: nested) }
        #expect(compilerError?.keyword == "JSONSchemaCompiler.maximumSchemaNesting")
        #expect(compilerError?.description.contains("nested deeper than 200") == true)
        #expect(compilerError?.path.hasPrefix("#/items/items/items") == true)
    }

    @Test func referenceCyclesAreBounded() {
        let cycles: [JSONValue] = [
            ["$ref": "#"],
            ["$defs": ["a": ["$ref": "#/$defs/b"], "b": ["$ref": "#/$defs/a"]], "$ref": "#/$defs/a"],
            ["$defs": ["a": ["allOf": [["$ref": "#/$defs/a"]]]], "$ref": "#/$defs/a"],
            ["type": "object", "properties": ["next": ["$ref": "#"]]],
            ["type": "array", "items": ["$ref": "#"]],
        ]
        for schema in cycles {
            let error = bounded { _ = try compiler.compile(jsonSchema: schema) }
            if let error {
                #expect(error.kind == .budgetExceeded, "\(schema.serialized()): \(error)")
            }
        }
    }

    /// 2^16 combinations of `allOf` over `anyOf`s: refused by a budget, not expanded.
    @Test func allOfExplosionIsBounded() {
        let factors: [JSONValue] = (0..<16).map { index in
            ["anyOf": [["type": "string", "pattern": .string("a{\(index)}")], ["type": "string", "minLength": .number(JSONNumber(index))]]]
        }
        bounded(.seconds(2)) { _ = try compiler.compile(jsonSchema: ["allOf": .array(factors)]) }
    }

    @Test func hugeEnumIsBounded() {
        let values: [JSONValue] = (0..<50_000).map { .string("value-\($0)") }
        bounded(.seconds(5)) { _ = try compiler.compile(jsonSchema: ["enum": .array(values)]) }
    }

    @Test func multipleOfProductsAreBounded() {
        let schemas: [JSONValue] = [
            ["type": "integer", "multipleOf": 7919, "minimum": 0, "maximum": 1e15],
            ["type": "number", "multipleOf": 0.000001],
            ["allOf": [["multipleOf": 7], ["multipleOf": 11], ["multipleOf": 13], ["multipleOf": 17], ["multipleOf": 19], ["multipleOf": 23]]],
            ["type": "integer", "multipleOf": 1e-300],
            ["type": "integer", "multipleOf": 1e300],
        ]
        for schema in schemas {
            let error = bounded { _ = try compiler.compile(jsonSchema: schema) }
            if let error {
                #expect(error.kind == .budgetExceeded || error.kind == .unsupportedKeyword || error.kind == .invalidSchema, "\(error)")
            }
        }
    }

    /// Found by FuzzSchemaCompile: its slowest seeds (1.4 s each with ASan alone, 17 s in a
    /// loaded fuzzing run, so the run never got past its seed corpus) are `patternProperties`
    /// with `.*`-like patterns, whose key automata are determinized over the JSON-string
    /// encoding of "any character". Determinization now computes each state's moves for all byte
    /// classes in one pass and each epsilon closure once.
    @Test func fuzzSchemaCompileSlowPatternPropertiesSeeds() {
        let schemas = [
            #"{"$schema":"https://json-schema.org/draft/2020-12/schema","patternProperties":{".f*":true,"b.*":false}}"#,
            #"{"allOf":[{"e'um":[{"a":21}]},{"not":{"not":{"patternProperties":{"acttps://json-schema.org/draft/2020-12/schema#meta @ /properties/*":{"typ+":"integer"},"aaa*":{"maximum":20}}}}}]}"#,
            #"{"allOf":[{"uenm":[{"foo":1}]},{"not":{"not":{"patternProperties":{"f.*o":{"type":"integer"}}}}}]}"#,
        ]
        // Each compiles (in a debug build under load: 5.7 s, 2.9 s and 2.5 s before, 0.7 s,
        // 1.6 s and 0.5 s after); the bound is against a regression to seconds per schema.
        for text in schemas {
            guard let schema = try? JSONValue(parsing: text) else {
                Issue.record("not JSON: \(text)")
                continue
            }
            #expect(bounded(.seconds(10)) { _ = try compiler.compile(jsonSchema: schema) } == nil, "\(text)")
        }
    }

    /// Determinizing `(a|b)*a(a|b){n}` needs 2^n states: eager determinization stops at its budget.
    @Test func exponentialAutomataAreBounded() {
        let pattern = "^(a|b)*a(a|b){24}$"
        let keys: JSONValue = ["type": "object", "patternProperties": .object(JSONObject([(key: pattern, value: ["type": "integer"] as JSONValue)])), "additionalProperties": false]
        // The eager budget (`GrammarLimits.maxEagerDFAStates`) is a few seconds of debug-build work.
        #expect(bounded(.seconds(15)) { _ = try compiler.compile(jsonSchema: keys) }?.kind == .budgetExceeded)
        let negated: JSONValue = ["type": "string", "not": ["pattern": .string(pattern)]]
        #expect(bounded(.seconds(15)) { _ = try compiler.compile(jsonSchema: negated) }?.kind == .budgetExceeded)
        let long: JSONValue = ["type": "string", "pattern": "^[a-z]{0,10000}[0-9]{0,10000}$"]
        bounded(.seconds(3)) { _ = try compiler.compile(jsonSchema: long) }
    }
}
