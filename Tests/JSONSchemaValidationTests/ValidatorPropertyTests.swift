import Foundation
import Testing
@testable import JSONSchemaValidation
import TestSupport

/// Properties that must hold for every schema of the official suite and arbitrary instances.
@Suite("Validator properties") struct ValidatorPropertyTests {

    static func randomValue(_ g: inout SeededRandom, depth: Int = 0) -> JSONValue {
        let words: [String] = ["foo", "bar", "", "a/b", "~0", "é", "1", "aaa", "baz", "quux", "$ref", "x"]
        switch Int.random(in: 0..<(depth > 3 ? 5 : 7), using: &g) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &g))
        case 2: return .number(JSONNumber(Int.random(in: -5...30, using: &g)))
        case 3: return .number(JSONNumber(Double(Int.random(in: -100...100, using: &g)) / 8))
        case 4: return .string(words.randomElement(using: &g) ?? "")
        case 5: return .array((0..<Int.random(in: 0...4, using: &g)).map { _ in randomValue(&g, depth: depth + 1) })
        default:
            var object = JSONObject()
            for _ in 0..<Int.random(in: 0...4, using: &g) {
                object[words.randomElement(using: &g) ?? ""] = randomValue(&g, depth: depth + 1)
            }
            return .object(object)
        }
    }

    @Test func errorsPointIntoTheInstanceAndValidationIsDeterministic() throws {
        let cases = try TestData.cases(in: TestData.suite.appendingPathComponent("tests/draft2020-12"))
        var generator = SeededRandom(seed: 2020_12)
        var checked = 0
        for group in cases {
            guard let schema = try? JSONSchema(group.schema, options: .init(registry: TestData.registry)) else { continue }
            for _ in 0..<8 {
                let instance = Self.randomValue(&generator)
                let first = schema.validate(instance)
                #expect(schema.validate(instance) == first, "\(group.file): \(group.description)")
                for error in first.errors {
                    let resolves = JSONPointer.resolve(error.instancePath, in: instance) != nil
                    let parent = JSONPointer.tokens(error.instancePath).map { tokens in
                        "" + tokens.dropLast().map { "/" + JSONPointer.escape($0) }.joined()
                    }
                    let missingMember = error.keywordLocation.hasSuffix("/required") || error.keywordLocation.contains("/dependentRequired/")
                    #expect(resolves || (missingMember && parent.flatMap { JSONPointer.resolve($0, in: instance) } != nil),
                            "\(group.file): \(group.description): \(error) not in \(instance.serialized())")
                    #expect(!error.message.isEmpty)
                }
                checked += 1
            }
        }
        #expect(checked > 2000)
    }

    @Test func oneSchemaValidatesFromManyTasksAtOnce() async throws {
        let schema = try JSONSchema(["type": "array", "items": ["type": "integer", "multipleOf": 3], "uniqueItems": true])
        let results = await withTaskGroup(of: Bool.self) { group in
            for n in 0..<64 {
                group.addTask { schema.validate(.array((0..<n).map { .number(JSONNumber($0 * 3)) })).isValid }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 64 && results.allSatisfy { $0 })
    }
}
