import JSONSchemaValidation
import StructuredDecoding

/// Serializes a JSON value compactly with its object members in an order the grammar accepts,
/// when there is one: a depth-first search over member orders that prunes every prefix the
/// grammar rejects. JSON objects are unordered, so any order is the same value; MaskBench uses
/// this when the instance's own order and the schema order both fail (objects whose order
/// depends on the `oneOf`/`anyOf` branch they match).
struct GrammarGuidedOrder {
    let grammar: CompiledGrammar
    /// Prefix checks allowed per value (each costs one pass over the prefix).
    private var budget = 20_000

    init(grammar: CompiledGrammar) { self.grammar = grammar }

    mutating func serialize(_ value: JSONValue) -> [UInt8]? {
        emit(value, prefix: []) { search, bytes in search.grammar.matches(bytes) ? bytes : nil }
    }

    private mutating func viable(_ bytes: [UInt8]) -> Bool {
        guard budget > 0 else { return false }
        budget -= 1
        return GrammarMatcher(grammar: grammar).wouldAccept(bytes: bytes)
    }

    private mutating func emit(_ value: JSONValue, prefix: [UInt8],
                               then next: (inout GrammarGuidedOrder, [UInt8]) -> [UInt8]?) -> [UInt8]? {
        switch value {
        case .object(let object):
            let opened = prefix + [UInt8(ascii: "{")]
            guard viable(opened) else { return nil }
            return members(object, remaining: object.keys, prefix: opened, first: true, then: next)
        case .array(let items):
            let opened = prefix + [UInt8(ascii: "[")]
            guard viable(opened) else { return nil }
            return elements(items[...], prefix: opened, first: true, then: next)
        default:
            let bytes = prefix + Array(value.serialized().utf8)
            guard viable(bytes) else { return nil }
            return next(&self, bytes)
        }
    }

    private mutating func members(_ object: JSONObject, remaining: [String], prefix: [UInt8], first: Bool,
                                  then next: (inout GrammarGuidedOrder, [UInt8]) -> [UInt8]?) -> [UInt8]? {
        if remaining.isEmpty {
            let closed = prefix + [UInt8(ascii: "}")]
            guard viable(closed) else { return nil }
            return next(&self, closed)
        }
        for (index, key) in remaining.enumerated() {
            guard let member = object[key] else { continue }
            var keyText = ""
            JSONValue.writeString(key, to: &keyText)
            let start = prefix + (first ? [] : [UInt8(ascii: ",")]) + Array(keyText.utf8) + [UInt8(ascii: ":")]
            guard viable(start) else { continue }
            var rest = remaining
            rest.remove(at: index)
            if let done = emit(member, prefix: start, then: { search, bytes in
                search.members(object, remaining: rest, prefix: bytes, first: false, then: next)
            }) {
                return done
            }
        }
        return nil
    }

    private mutating func elements(_ items: ArraySlice<JSONValue>, prefix: [UInt8], first: Bool,
                                   then next: (inout GrammarGuidedOrder, [UInt8]) -> [UInt8]?) -> [UInt8]? {
        guard let item = items.first else {
            let closed = prefix + [UInt8(ascii: "]")]
            guard viable(closed) else { return nil }
            return next(&self, closed)
        }
        let start = prefix + (first ? [] : [UInt8(ascii: ",")])
        return emit(item, prefix: start) { search, bytes in
            search.elements(items.dropFirst(), prefix: bytes, first: false, then: next)
        }
    }
}
