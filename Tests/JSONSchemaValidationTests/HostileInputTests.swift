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

    /// Instances as deep as the parser allows, against recursive schemas: the deep-stack retry
    /// and the schema depth limit keep this a result.
    @Test func deepInstancesAgainstRecursiveSchemas() throws {
        let deep = try JSONValue(parsing: String(repeating: "[", count: 500) + String(repeating: "]", count: 500))
        let recursive = try JSONSchema(["type": "array", "items": ["$ref": "#"]])
        #expect(withinASecond { recursive.validate(deep) }.isValid)
        let cycle = try JSONSchema(["$defs": ["a": ["$ref": "#/$defs/b"], "b": ["$ref": "#/$defs/a"]], "$ref": "#/$defs/a"])
        _ = withinASecond { cycle.validate(deep) }
    }

    /// Catastrophic backtracking (`(a+)+$` on "aaa…b") stops at the matcher's step budget,
    /// `ECMARegex.stepBudget` (2,000,000 steps: about 10 ms in release, seconds in a debug build).
    @Test func backtrackingPatternsAreBounded() throws {
        let schema = try JSONSchema(["type": "string", "pattern": "^(a+)+$"])
        let subject = JSONValue.string(String(repeating: "a", count: 40) + "b")
        _ = withinASecond(.seconds(40)) { schema.validate(subject) }
    }

    @Test func hugeEnumsAndMultipleOf() throws {
        let values: [JSONValue] = (0..<20_000).map { .number(JSONNumber($0)) }
        let schema = try JSONSchema(["enum": .array(values)])
        #expect(withinASecond(.seconds(5)) { schema.validate(19_999) }.isValid)  // linear in the enum
        let tiny = try JSONSchema(["multipleOf": 1e-300])
        _ = withinASecond { tiny.validate(1e300) }
    }
}
