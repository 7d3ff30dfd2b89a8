import Foundation
import JSONSchemaValidation
import Testing

/// Input that decides depth or size, at the validator (issue #15): a typed error or a result
/// within a second, never a crash or a hang.
@Suite("Hostile input: validator") struct HostileValidatorInputTests {
    /// 10,000 nested groups, a 20 KB pattern (the input that segfaulted the grammar compiler).
    static let nestedPattern = String(repeating: "(", count: 10_000) + "a" + String(repeating: ")", count: 10_000)

    @discardableResult
    func withinASecond<T>(_ limit: Duration = .seconds(1), sourceLocation: SourceLocation = #_sourceLocation,
                          _ body: () throws -> T) rethrows -> T {
        let clock = ContinuousClock()
        let start = clock.now
        defer { #expect(clock.now - start < limit, sourceLocation: sourceLocation) }
        return try body()
    }

    @Test func nestedPatternIsAnInvalidPattern() {
        for schema: JSONValue in [["pattern": .string(Self.nestedPattern)],
                                  ["patternProperties": .object(JSONObject([(key: Self.nestedPattern, value: JSONValue.bool(true))]))]] {
            withinASecond {
                do {
                    _ = try JSONSchema(schema)
                    Issue.record("a 10,000-deep pattern compiled")
                } catch let error as SchemaError {
                    guard case .invalidPattern(_, let reason) = error.reason else {
                        Issue.record("not invalidPattern: \(error)")
                        return
                    }
                    #expect(reason.contains("nested deeper than 256"))
                } catch {
                    Issue.record("not a SchemaError: \(error)")
                }
            }
        }
    }

    @Test func deepJSONArrayIsAParseError() {
        let text = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        withinASecond {
            #expect(throws: JSONParseError.self) { _ = try JSONValue(parsing: text) }
        }
    }

    /// 10,000 nested arrays, and objects: the strict parser's typed error names its limit and
    /// the JSON Pointer of the value that went one level too deep.
    @Test func tenThousandDeepDocumentNamesTheLimitAndPath() {
        let limit = JSONValue.maximumNestingDepth
        let cases: [(text: String, token: String)] = [
            (String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000), "0"),
            (String(repeating: #"{"a/b":"#, count: 10_000) + "1" + String(repeating: "}", count: 10_000), "a~1b"),
        ]
        for (text, token) in cases {
            withinASecond {
                do {
                    _ = try JSONValue(parsing: text)
                    Issue.record("a 10,000-deep document parsed")
                } catch let error as JSONParseError {
                    #expect(error.reason == .tooDeeplyNested(limit: limit))
                    #expect(error.path == String(repeating: "/" + token, count: limit))
                    #expect(error.description.contains("nesting deeper than \(limit) levels (JSONValue.maximumNestingDepth) at '/\(token)/\(token)/"))
                    #expect(error.description.contains("(\(limit) tokens)"))
                } catch {
                    Issue.record("not a JSONParseError: \(error)")
                }
            }
        }
        // As deep as allowed still parses, and other errors have no path.
        #expect(throws: Never.self) { _ = try JSONValue(parsing: String(repeating: "[", count: limit) + String(repeating: "]", count: limit)) }
        do { _ = try JSONValue(parsing: "[[1,]]") } catch { #expect(error.path == "") }
    }

    /// A schema nested 10,000 deep can only be built in code (the parser stops at 512): it is
    /// refused before anything recurses over it, at the location where it passed the limit.
    @Test func tenThousandDeepSchemaIsTooDeeplyNested() {
        var schema: JSONValue = ["type": "integer"]
        for _ in 0..<10_000 { schema = ["not": schema] }
        withinASecond {
            do {
                _ = try JSONSchema(schema)
                Issue.record("a 10,000-deep schema was prepared")
            } catch let error as SchemaError {
                #expect(error.reason == .tooDeeplyNested(limit: JSONSchema.maximumSchemaNesting))
                #expect(error.location == String(repeating: "/not", count: JSONSchema.maximumSchemaNesting))
                #expect(error.description.contains("nested deeper than 512 levels (JSONSchema.maximumSchemaNesting)"))
            } catch {
                Issue.record("not a SchemaError: \(error)")
            }
        }
        // Deep schemas below the limit are accepted (meta-schema validation, at several of its
        // levels per schema level, has its own bound: `maximumEvaluationDepth`).
        var deepest: JSONValue = ["type": "integer"]
        for _ in 0..<256 { deepest = ["not": deepest] }
        #expect(throws: Never.self) { _ = try JSONSchema(deepest) }
    }

    /// A 10,000-deep instance (built in code) against a recursive schema: validation stops at
    /// `JSONSchema.maximumEvaluationDepth` with a limit error naming it and both paths, and the
    /// instance is not valid. One 500 deep is decided.
    @Test func tenThousandDeepInstanceIsALimitError() throws {
        var instance: JSONValue = []
        for _ in 0..<10_000 { instance = [instance] }
        let schema = try JSONSchema(["type": "array", "items": ["$ref": "#"]])
        let result = withinASecond(.seconds(5)) { schema.validate(instance) }
        #expect(!result.isValid)
        let limit = try #require(result.limitExceeded)
        #expect(limit.reason == .nestingTooDeep(limit: JSONSchema.maximumEvaluationDepth))
        #expect(limit.instancePath.hasPrefix("/0/0/0"))
        #expect(limit.keywordLocation.hasPrefix("/items/$ref/items/$ref"))
        #expect(limit.description.contains("more than \(JSONSchema.maximumEvaluationDepth) levels deep (JSONSchema.maximumEvaluationDepth)"))
        #expect(result.errors.last?.message == limit.message)
        var decidable: JSONValue = []
        for _ in 0..<500 { decidable = [decidable] }
        let decided = schema.validate(decidable)
        #expect(decided.isValid && decided.limitExceeded == nil)
    }

    /// Instances as deep as the parser allows, against recursive schemas: the deep-stack retry
    /// and the schema depth limit keep this a result.
    @Test func deepInstancesAgainstRecursiveSchemas() throws {
        let deep = try JSONValue(parsing: String(repeating: "[", count: 500) + String(repeating: "]", count: 500))
        let recursive = try JSONSchema(["type": "array", "items": ["$ref": "#"]])
        let result = withinASecond { recursive.validate(deep) }
        #expect(result.isValid && result.limitExceeded == nil)
        let cycle = try JSONSchema(["$defs": ["a": ["$ref": "#/$defs/b"], "b": ["$ref": "#/$defs/a"]], "$ref": "#/$defs/a"])
        _ = withinASecond { cycle.validate(deep) }
    }

    /// Catastrophic backtracking (`(a+)+$` on "aaa…b") stops at the matcher's step budget,
    /// `ECMARegex.stepBudget` (2,000,000 steps: about 10 ms in release, seconds in a debug build),
    /// and says so: a limit error naming the pattern and the budget, not "does not match".
    @Test func backtrackingPatternIsALimitErrorNotANoMatch() throws {
        let pattern = "^(a+)+$"
        let schema = try JSONSchema(["type": "string", "pattern": .string(pattern)])
        let exhausting = JSONValue.string(String(repeating: "a", count: 40) + "b")
        let stopped = withinASecond(.seconds(40)) { schema.validate(exhausting) }
        #expect(!stopped.isValid)
        #expect(stopped.limitExceeded == ValidationLimitError(.regexBudgetExhausted(pattern: pattern, budget: ECMARegex.stepBudget),
                                                              instancePath: "", keywordLocation: "/pattern"))
        #expect(stopped.errors.map(\.message) == [stopped.limitExceeded?.message])
        #expect(stopped.errors.first?.message.contains("'^(a+)+$' took more than 2000000 backtracking steps (ECMARegex.stepBudget)") == true)
        #expect(stopped.errors.allSatisfy { !$0.message.contains("does not match") })
        // Within the budget both answers are plain ones, with no limit error.
        let matched = schema.validate(.string(String(repeating: "a", count: 40)))
        #expect(matched.isValid && matched.limitExceeded == nil)
        let mismatched = schema.validate("aaab")
        #expect(mismatched.limitExceeded == nil)
        #expect(mismatched.errors.map(\.message) == [#""aaab" does not match the pattern ^(a+)+$"#])
    }

    /// Found by FuzzRegex (slow units of 22 s and 29 s and a 30 s timeout in a loaded fuzzing
    /// run, 4 to 5 s alone with ASan): `((.+)(,\s*)?)+` before a class the subject's last
    /// character is in backtracks through every split of the subject, until the step budget.
    /// Bounded before; now the result says the budget stopped it instead of "does not match".
    @Test func fuzzRegexSlowUnitIsABudgetLimitError() throws {
        let filler = [UInt8](repeating: 0xFF, count: 21)
        let pattern = String(decoding: Array("^((.+)(,\\s*)?)+[^".utf8) + filler + Array("regex:^[a-z0-9._-".utf8)
                             + [UInt8](repeating: 0xFF, count: 18) + [0xF7, 0xFF] + Array(",]$".utf8), as: UTF8.self)
        let subject = "aba-z0-9])\u{0}abcc061"
        let schema = try JSONSchema(["type": "string", "pattern": .string(pattern)])
        let result = withinASecond(.seconds(40)) { schema.validate(.string(subject)) }
        #expect(result.limitExceeded?.reason == .regexBudgetExhausted(pattern: pattern, budget: ECMARegex.stepBudget))
        #expect(!result.isValid)
    }

    /// Where a budget stops a match inside `not` or a `patternProperties` key, the instance is
    /// undecided, not valid by a mismatch that was never shown.
    @Test func exhaustedPatternUnderNotOrAsAKeyIsUndecided() throws {
        let pattern = "^(a+)+$"
        let key = String(repeating: "a", count: 40) + "b"
        let negated = try JSONSchema(["not": ["pattern": .string(pattern)]])
        let result = withinASecond(.seconds(40)) { negated.validate(.string(key)) }
        #expect(!result.isValid)
        #expect(result.limitExceeded?.reason == .regexBudgetExhausted(pattern: pattern, budget: ECMARegex.stepBudget))
        #expect(result.limitExceeded?.keywordLocation == "/not/pattern")
        #expect(negated.validate("b").isValid)
        let keys = try JSONSchema(["patternProperties": .object(JSONObject([(key: pattern, value: JSONValue.bool(false))]))])
        let keyResult = withinASecond(.seconds(40)) { keys.validate(.object(JSONObject([(key: key, value: JSONValue.number(JSONNumber(1)))]))) }
        #expect(keyResult.limitExceeded?.instancePath == "/" + key)
        #expect(keyResult.limitExceeded?.keywordLocation == "/patternProperties/^(a+)+$")
        #expect(!keys.validate(["aaa": 1]).isValid)
        #expect(keys.validate(["b": 1]).isValid)
    }

    @Test func hugeEnumsAndMultipleOf() throws {
        let values: [JSONValue] = (0..<20_000).map { .number(JSONNumber($0)) }
        let schema = try JSONSchema(["enum": .array(values)])
        #expect(withinASecond(.seconds(5)) { schema.validate(19_999) }.isValid)  // linear in the enum
        let tiny = try JSONSchema(["multipleOf": 1e-300])
        _ = withinASecond { tiny.validate(1e300) }
    }
}
