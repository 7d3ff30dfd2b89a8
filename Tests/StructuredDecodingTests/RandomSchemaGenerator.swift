import TestSupport

/// A reproducible stream of random JSON Schemas for the guided-generation property test.
///
/// The schemas mix the keywords generation relies on: nested objects with optional properties,
/// string/integer enums, anchored patterns, integer ranges, bounded strings (minLength/maxLength), arrays with item
/// count bounds, and recursion through `$defs`. Strings are kept short and arrays small so that
/// most values fit a small token budget; the test does not depend on that (cut values count
/// separately), it only makes the complete values - the ones the validator checks - common.
struct RandomSchemaGenerator {
    private var random: SeededRandom

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    mutating func next() -> UInt64 { random.next() }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    /// One schema document, as JSON text. Every fourth one is recursive through `$defs`.
    mutating func schema(index: Int) -> String {
        if index % 4 == 3 { return recursiveSchema() }
        return object(depth: 0)
    }

    private static let names = ["id", "name", "title", "kind", "size", "tags", "meta", "items", "code", "level",
                                "owner", "notes", "score", "color", "parts", "flag"]
    private static let patterns = [#"^[a-z]{2,6}$"#, #"^[A-Z][a-z]{1,5}$"#, #"^\\d{3}-\\d{2}$"#, #"^(ab|cd)+x?$"#,
                                   #"^[a-f0-9]{4}$"#]

    private mutating func object(depth: Int) -> String {
        let count = int(1...(depth == 0 ? 4 : 3))
        var names: [String] = []
        while names.count < count {
            let name = pick(Self.names)
            if !names.contains(name) { names.append(name) }
        }
        let properties = names.map { #""\#($0)":\#(value(depth: depth + 1))"# }
        let required = names.filter { _ in chance(60) }.map { #""\#($0)""# }
        return #"{"type":"object","properties":{\#(properties.joined(separator: ","))},"required":[\#(required.joined(separator: ","))],"additionalProperties":false}"#
    }

    private mutating func value(depth: Int) -> String {
        let kinds = depth >= 3 ? 6 : 8
        switch int(0...(kinds - 1)) {
        case 0:
            let low = int(0...3)
            return #"{"type":"string","minLength":\#(low),"maxLength":\#(low + int(0...9))}"#
        case 1:
            return #"{"type":"string","pattern":"\#(pick(Self.patterns))"}"#
        case 2:
            let low = int(-50...50)
            return chance(50) ? #"{"type":"integer","minimum":\#(low),"maximum":\#(low + int(0...200))}"#
                : #"{"type":"integer","exclusiveMinimum":\#(low)}"#
        case 3:
            let words = ["red", "green", "blue", "small", "large", "x", "yes"]
            let chosen = (0..<int(1...4)).map { _ in #""\#(pick(words))""# }
            return #"{"enum":[\#(Array(Set(chosen)).sorted().joined(separator: ","))]}"#
        case 4:
            return #"{"type":"boolean"}"#
        case 5:
            return chance(50) ? #"{"enum":[1,2,3,null]}"# : #"{"type":"number","minimum":0,"maximum":10}"#
        case 6:
            let low = int(0...2)
            return #"{"type":"array","items":\#(value(depth: depth + 1)),"minItems":\#(low),"maxItems":\#(low + int(0...2))}"#
        default:
            return object(depth: depth)
        }
    }

    /// A linked list or a tree through `$ref`, with a bounded string or integer payload.
    private mutating func recursiveSchema() -> String {
        let payload = chance(50) ? #"{"type":"integer","minimum":0,"maximum":99}"# : #"{"type":"string","maxLength":6}"#
        if chance(50) {
            return ##"{"$defs":{"node":{"type":"object","properties":{"v":\##(payload),"next":{"$ref":"#/$defs/node"}},"required":["v"],"additionalProperties":false}},"$ref":"#/$defs/node"}"##
        }
        return ##"{"$defs":{"tree":{"type":"object","properties":{"label":\##(payload),"children":{"type":"array","items":{"$ref":"#/$defs/tree"},"maxItems":2}},"required":["label","children"],"additionalProperties":false}},"type":"object","properties":{"root":{"$ref":"#/$defs/tree"}},"required":["root"],"additionalProperties":false}"##
    }
}
