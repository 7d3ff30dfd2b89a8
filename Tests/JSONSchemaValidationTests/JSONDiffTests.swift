import Testing
@testable import JSONSchemaValidation

@Suite("JSONDiff") struct JSONDiffTests {
    @Test func seedContentAgainstParameters() throws {
        let content = try JSONValue(parsing: #"{"itemId":"sku_42","quantity":1,"fulfillment":"pickup","rationale":"User asked for pickup."}"#)
        let parameters = try JSONValue(parsing: #"{"itemId":"sku_42","quantity":1,"fulfillment":"pickup"}"#)
        let diff = JSONDiff(content, parameters)
        #expect(diff.onlyLeft == [.init(path: "/rationale", value: "User asked for pickup.")])
        #expect(diff.onlyRight.isEmpty)
        #expect(diff.changed.isEmpty)
        #expect(diff.description == #"- /rationale: "User asked for pickup.""#)
    }

    @Test func nestedChangesAreLocatedByPointer() throws {
        let left = try JSONValue(parsing: #"{"a":{"b":[1,2,3],"c/d":true},"n":1.0,"s":"x"}"#)
        let right = try JSONValue(parsing: #"{"a":{"b":[1,5],"c/d":true,"e":null},"n":1,"s":{"k":1}}"#)
        let diff = JSONDiff(left, right)
        #expect(diff.onlyLeft.map(\.path) == ["/a/b/2"])
        #expect(diff.onlyRight.map(\.path) == ["/a/e"])
        // 1.0 and 1 are the same number; a string replaced by an object is one change.
        #expect(diff.changed.map(\.path) == ["/a/b/1", "/s"])
    }

    @Test func keyOrderIsNotADifference() throws {
        let diff = JSONDiff(try JSONValue(parsing: #"{"a":1,"b":2}"#), try JSONValue(parsing: #"{"b":2,"a":1}"#))
        #expect(diff.isEmpty)
        #expect(diff.description.isEmpty)
    }

    @Test func escapedKeysAndCanonicallyEquivalentStrings() {
        let diff = JSONDiff(["a~b": "\u{E9}"], ["a~b": "e\u{301}"])
        #expect(diff.changed.map(\.path) == ["/a~0b"])
    }

    @Test func deepestParsableValuesDiff() throws {
        let depth = JSONValue.maximumNestingDepth
        let left = try JSONValue(parsing: String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth))
        let right = try JSONValue(parsing: String(repeating: "[", count: depth) + "2" + String(repeating: "]", count: depth))
        let diff = JSONDiff(left, right)
        #expect(diff.changed.first?.path == String(repeating: "/0", count: depth))
        #expect(!left.isIdentical(to: right))
    }

    @Test func rootScalarsDiffer() {
        let diff = JSONDiff(1, "1")
        #expect(diff.description == #"~ /: 1 -> "1""#)
    }
}
