/// Emits grammar IR into a `ByteNFA`, Thompson style: each node is emitted from a given state
/// and returns the state where it ends.
struct NFABuilder {
    private(set) var nfa = ByteNFA()
    let limits: GrammarLimits
    /// The grammar's whitespace run, emitted inline at each place objects and arrays allow one.
    let whitespace: GrammarNode

    init(limits: GrammarLimits, whitespace: GrammarNode = .empty) {
        self.limits = limits
        self.whitespace = whitespace
    }

    static func build(_ grammar: Grammar, limits: GrammarLimits) throws(GrammarError) -> ByteNFA {
        var builder = NFABuilder(limits: limits, whitespace: grammar.whitespace)
        for _ in grammar.rules {
            let entry = try builder.newState()
            builder.nfa.ruleEntries.append(entry)
            builder.nfa.ruleExits.append(-1)
        }
        for (index, rule) in grammar.rules.enumerated() {
            let end = try builder.emit(rule, from: builder.nfa.ruleEntries[index])
            let exit = try builder.newState()
            builder.epsilon(end, exit)
            builder.nfa.ruleExits[index] = exit
            builder.nfa.exitOfRule[Int(exit)] = Int32(index)
        }
        return builder.nfa
    }

    mutating func newState() throws(GrammarError) -> Int32 {
        guard nfa.edges.count < limits.maxNFAStates else {
            throw GrammarError(.budgetExceeded, keyword: "maxNFAStates", path: "#",
                               detail: "more than \(limits.maxNFAStates) automaton states")
        }
        nfa.edges.append([])
        nfa.epsilons.append([])
        nfa.calls.append(nil)
        nfa.exitOfRule.append(-1)
        return Int32(nfa.edges.count - 1)
    }

    mutating func epsilon(_ from: Int32, _ to: Int32) { nfa.epsilons[Int(from)].append(to) }

    mutating func byteEdge(_ from: Int32, _ low: UInt8, _ high: UInt8, _ to: Int32) {
        nfa.edges[Int(from)].append(.init(low: low, high: high, target: to))
    }

    mutating func emitBytes(_ bytes: [UInt8], from: Int32) throws(GrammarError) -> Int32 {
        var current = from
        for byte in bytes {
            let next = try newState()
            byteEdge(current, byte, byte, next)
            current = next
        }
        return current
    }

    mutating func emit(_ node: GrammarNode, from: Int32) throws(GrammarError) -> Int32 {
        switch node {
        case .empty:
            return from
        case .nothing:
            return try newState()  // unreachable end
        case .bytes(let bytes):
            return try emitBytes(bytes, from: from)
        case .byteSet(let ranges):
            let next = try newState()
            for range in ranges { byteEdge(from, range.lowerBound, range.upperBound, next) }
            return next
        case .sequence(let parts):
            var current = from
            for part in parts { current = try emit(part, from: current) }
            return current
        case .choice(let branches):
            let end = try newState()
            for branch in branches {
                let start = try newState()
                epsilon(from, start)
                epsilon(try emit(branch, from: start), end)
            }
            return end
        case .repetition(let body, let minimum, let maximum):
            return try emitRepetition(body, minimum: minimum, maximum: maximum, from: from)
        case .rule(let index):
            let callState = try newState()
            let returnState = try newState()
            epsilon(from, callState)
            nfa.calls[Int(callState)] = .init(rule: Int32(index), returnState: returnState)
            return returnState
        case .object(let shape):
            return try emitObject(shape, from: from)
        case .array(let shape):
            return try emitArray(shape, from: from)
        case .positiveMultiples(let step):
            return try emitMultiples(of: step, from: from)
        case .automaton(let dfa):
            return try emitAutomaton(dfa, from: from)
        }
    }

    /// A whitespace run from `from`; no states at all when the grammar is compact.
    private mutating func emitWhitespace(from: Int32) throws(GrammarError) -> Int32 {
        if case .empty = whitespace { return from }
        return try emit(whitespace, from: from)
    }

    /// The state after `,` that leads, over a whitespace run, to `entry`: `entry` itself when the
    /// grammar is compact.
    private mutating func afterComma(leadingTo entry: Int32) throws(GrammarError) -> Int32 {
        if case .empty = whitespace { return entry }
        let comma = try newState()
        epsilon(try emitWhitespace(from: comma), entry)
        return comma
    }

    /// One NFA state per DFA state; accepting states lead to the end by epsilon.
    /// `ByteDFA` always has at least one state (its start).
    private mutating func emitAutomaton(_ dfa: ByteDFA, from: Int32) throws(GrammarError) -> Int32 {
        // A fresh start state: transitions may lead back to it, and `from` may have other exits.
        var states: [Int32] = []
        for _ in 0..<dfa.stateCount { states.append(try newState()) }
        epsilon(from, states[0])
        let end = try newState()
        let ranges = dfa.classRanges
        for state in 0..<dfa.stateCount {
            for byteClass in 0..<dfa.classCount {
                let target = dfa.transitions[state * dfa.classCount + byteClass]
                guard target >= 0 else { continue }
                for range in ranges[byteClass] {
                    byteEdge(states[state], range.lowerBound, range.upperBound, states[Int(target)])
                }
            }
            if dfa.accepting[state] { epsilon(states[state], end) }
        }
        return end
    }

    private mutating func emitRepetition(_ body: GrammarNode, minimum: Int, maximum: Int?,
                                         from: Int32) throws(GrammarError) -> Int32 {
        let largest = max(minimum, maximum ?? 0)
        guard largest <= limits.maxRepetition else {
            throw GrammarError(.budgetExceeded, keyword: "maxRepetition", path: "#",
                               detail: "repetition count \(largest) > \(limits.maxRepetition)")
        }
        var current = from
        for _ in 0..<minimum { current = try emit(body, from: current) }
        if let maximum {
            guard maximum > minimum else { return current }
            let end = try newState()
            for _ in minimum..<maximum {
                epsilon(current, end)
                current = try emit(body, from: current)
            }
            epsilon(current, end)
            return end
        }
        // Kleene star: loop through a hub state.
        let hub = try newState()
        epsilon(current, hub)
        let bodyStart = try newState()
        epsilon(hub, bodyStart)
        epsilon(try emit(body, from: bodyStart), hub)
        let end = try newState()
        epsilon(hub, end)
        return end
    }

    /// Remainder automaton: after reading digits with value v, the state is v mod step.
    private mutating func emitMultiples(of step: Int, from: Int32) throws(GrammarError) -> Int32 {
        guard step >= 1, step <= limits.maxRepetition else {
            throw GrammarError(.budgetExceeded, keyword: "multipleOf", path: "#")
        }
        var remainders: [Int32] = []
        for _ in 0..<step { remainders.append(try newState()) }
        for digit in 1...9 { byteEdge(from, UInt8(48 + digit), UInt8(48 + digit), remainders[digit % step]) }
        for remainder in 0..<step {
            for digit in 0...9 {
                let next = (remainder * 10 + digit) % step
                byteEdge(remainders[remainder], UInt8(48 + digit), UInt8(48 + digit), remainders[next])
            }
        }
        return remainders[0]
    }

    /// Object members with count states: `slots[i][c]` is "before member i, c members emitted"
    /// (c saturates at `cap` when there is no maximum). Each member value is emitted once per
    /// count it can complete, so without min/maxProperties it is emitted exactly once.
    private mutating func emitObject(_ shape: ObjectShape, from: Int32) throws(GrammarError) -> Int32 {
        let saturating = shape.maxCount == nil
        let cap = shape.maxCount ?? max(shape.minCount, 1)
        guard cap <= limits.maxRepetition else {
            throw GrammarError(.budgetExceeded, keyword: "maxProperties", path: "#")
        }
        let open = try emitWhitespace(from: try emitBytes([UInt8(ascii: "{")], from: from))
        var slots = [Int32](repeating: -1, count: cap + 1)
        slots[0] = open
        let close = try newState()
        func nextCount(_ count: Int) -> Int? {
            if count + 1 <= cap { return count + 1 }
            return saturating ? cap : nil
        }
        for member in shape.members {
            var next = [Int32](repeating: -1, count: cap + 1)
            var entries = [Int32](repeating: -1, count: cap + 1)
            var commaEntries = [Int32](repeating: -1, count: cap + 1)
            for count in 0...cap where slots[count] >= 0 {
                let slot = slots[count]
                if !member.isRequired {
                    if next[count] < 0 { next[count] = try newState() }
                    epsilon(slot, next[count])
                }
                guard let after = nextCount(count) else { continue }
                if entries[after] < 0 {
                    let entry = try newState()
                    entries[after] = entry
                    let keyEnd = try emitWhitespace(from: try emitBytes(member.key, from: entry))
                    let colon = try emitWhitespace(from: try emitBytes([UInt8(ascii: ":")], from: keyEnd))
                    let valueEnd = try emitWhitespace(from: try emit(member.value, from: colon))
                    if next[after] < 0 { next[after] = try newState() }
                    epsilon(valueEnd, next[after])
                }
                if count == 0 {
                    epsilon(slot, entries[after])
                } else {
                    if commaEntries[after] < 0 { commaEntries[after] = try afterComma(leadingTo: entries[after]) }
                    byteEdge(slot, UInt8(ascii: ","), UInt8(ascii: ","), commaEntries[after])
                }
            }
            slots = next
        }
        if !shape.additional.isEmpty {
            // Additional members loop on the count states.
            var entries = [Int32](repeating: -1, count: cap + 1)
            for count in 0...cap where slots[count] >= 0 {
                guard let after = nextCount(count) else { continue }
                if slots[after] < 0 { slots[after] = try newState() }
                if entries[after] < 0 {
                    let entry = try newState()
                    entries[after] = entry
                    for additional in shape.additional {
                        let keyEnd = try emitWhitespace(from: try emit(additional.key, from: entry))
                        let colon = try emitWhitespace(from: try emitBytes([UInt8(ascii: ":")], from: keyEnd))
                        let valueEnd = try emitWhitespace(from: try emit(additional.value, from: colon))
                        epsilon(valueEnd, slots[after])
                    }
                }
            }
            var commaEntries = [Int32](repeating: -1, count: cap + 1)
            for count in 0...cap where slots[count] >= 0 {
                guard let after = nextCount(count), entries[after] >= 0 else { continue }
                if count == 0 {
                    epsilon(slots[count], entries[after])
                } else {
                    if commaEntries[after] < 0 { commaEntries[after] = try afterComma(leadingTo: entries[after]) }
                    byteEdge(slots[count], UInt8(ascii: ","), UInt8(ascii: ","), commaEntries[after])
                }
            }
        }
        for count in 0...cap where slots[count] >= 0 && count >= shape.minCount {
            byteEdge(slots[count], UInt8(ascii: "}"), UInt8(ascii: "}"), close)
        }
        return close
    }

    /// Array elements with count states `slots[c]` ("c elements emitted"), saturating past the
    /// prefix when the length is unbounded so the item schema is emitted once.
    private mutating func emitArray(_ shape: ArrayShape, from: Int32) throws(GrammarError) -> Int32 {
        let prefixCount = shape.prefix.count
        let saturating = shape.maxCount == nil && shape.items != nil
        var cap: Int
        if saturating {
            cap = max(shape.minCount, prefixCount + 1, 1)
        } else if shape.items == nil {
            cap = min(shape.maxCount ?? prefixCount, prefixCount)
        } else {
            cap = shape.maxCount ?? 0
        }
        guard cap <= limits.maxRepetition else {
            throw GrammarError(.budgetExceeded, keyword: "maxItems", path: "#")
        }
        if shape.minCount > cap { return try newState() }  // unsatisfiable
        let open = try emitWhitespace(from: try emitBytes([UInt8(ascii: "[")], from: from))
        var slots = [Int32](repeating: -1, count: cap + 1)
        slots[0] = open
        for count in 1...max(cap, 1) where count <= cap { slots[count] = try newState() }
        let close = try newState()
        var entries = [Int32](repeating: -1, count: cap + 1)
        var commaEntries = [Int32](repeating: -1, count: cap + 1)
        func schema(at position: Int) -> GrammarNode? {
            position < prefixCount ? shape.prefix[position] : shape.items
        }
        for count in 0..<(cap + 1) {
            let after: Int
            if count + 1 <= cap {
                after = count + 1
            } else if saturating {
                after = cap
            } else {
                continue
            }
            guard let element = schema(at: count) else { continue }
            if entries[after] < 0 {
                let entry = try newState()
                entries[after] = entry
                epsilon(try emitWhitespace(from: try emit(element, from: entry)), slots[after])
            }
            if count == 0 {
                epsilon(slots[count], entries[after])
            } else {
                if commaEntries[after] < 0 { commaEntries[after] = try afterComma(leadingTo: entries[after]) }
                byteEdge(slots[count], UInt8(ascii: ","), UInt8(ascii: ","), commaEntries[after])
            }
        }
        for count in shape.minCount...cap {
            byteEdge(slots[count], UInt8(ascii: "]"), UInt8(ascii: "]"), close)
        }
        return close
    }
}
