import JSONCore
import StructuredDecoding

/// Serializes a JSON value compactly with its object members in an order the grammar accepts,
/// when there is one: a depth-first search over member orders that carries the grammar state
/// and prunes every prefix the grammar rejects. JSON objects are unordered, so any order is
/// the same value; MaskBench uses this when the instance's own order and the schema order both
/// fail (objects whose order depends on the `oneOf`/`anyOf` branch they match).
struct GrammarGuidedOrder {
    let grammar: CompiledGrammar
    /// Grammar steps (one per appended piece) allowed per value, so values outside the
    /// language (every order fails) cost a bounded time: 20 per byte of the value, at least
    /// 2,000.
    private var budget = 0

    init(grammar: CompiledGrammar) { self.grammar = grammar }

    mutating func serialize(_ value: JSONValue) -> [UInt8]? {
        budget = max(2_000, 20 * value.serialized().utf8.count)
        return emit(value, prefix: [], state: grammar.initialState) { search, bytes, state in
            search.grammar.isAccepting(state) ? bytes : nil
        }
    }

    private typealias Next = (inout GrammarGuidedOrder, [UInt8], Int32) -> [UInt8]?

    private mutating func extend(_ state: Int32, _ piece: [UInt8]) -> Int32? {
        guard budget > 0 else { return nil }
        budget -= 1
        return grammar.state(after: piece, from: state)
    }

    private mutating func emit(_ value: JSONValue, prefix: [UInt8], state: Int32, then next: Next) -> [UInt8]? {
        switch value {
        case .object(let object):
            guard let opened = extend(state, [UInt8(ascii: "{")]) else { return nil }
            return members(object, remaining: object.keys, prefix: prefix + [UInt8(ascii: "{")], state: opened, first: true, then: next)
        case .array(let items):
            guard let opened = extend(state, [UInt8(ascii: "[")]) else { return nil }
            return elements(items[...], prefix: prefix + [UInt8(ascii: "[")], state: opened, first: true, then: next)
        default:
            let piece = Array(value.serialized().utf8)
            guard let after = extend(state, piece) else { return nil }
            return next(&self, prefix + piece, after)
        }
    }

    private mutating func members(_ object: JSONObject, remaining: [String], prefix: [UInt8], state: Int32, first: Bool,
                                  then next: Next) -> [UInt8]? {
        if remaining.isEmpty {
            guard let closed = extend(state, [UInt8(ascii: "}")]) else { return nil }
            return next(&self, prefix + [UInt8(ascii: "}")], closed)
        }
        for (index, key) in remaining.enumerated() {
            guard let member = object[key] else { continue }
            var keyText = ""
            JSONValue.writeString(key, to: &keyText)
            let piece = (first ? [] : [UInt8(ascii: ",")]) + Array(keyText.utf8) + [UInt8(ascii: ":")]
            guard let started = extend(state, piece) else { continue }
            var rest = remaining
            rest.remove(at: index)
            if let done = emit(member, prefix: prefix + piece, state: started, then: { search, bytes, after in
                search.members(object, remaining: rest, prefix: bytes, state: after, first: false, then: next)
            }) {
                return done
            }
        }
        return nil
    }

    private mutating func elements(_ items: ArraySlice<JSONValue>, prefix: [UInt8], state: Int32, first: Bool,
                                   then next: Next) -> [UInt8]? {
        guard let item = items.first else {
            guard let closed = extend(state, [UInt8(ascii: "]")]) else { return nil }
            return next(&self, prefix + [UInt8(ascii: "]")], closed)
        }
        var current = state
        var start = prefix
        if !first {
            guard let comma = extend(state, [UInt8(ascii: ",")]) else { return nil }
            current = comma
            start.append(UInt8(ascii: ","))
        }
        return emit(item, prefix: start, state: current) { search, bytes, after in
            search.elements(items.dropFirst(), prefix: bytes, state: after, first: false, then: next)
        }
    }
}
