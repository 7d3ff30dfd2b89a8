/// A DFA built on demand from a `ByteNFA` by subset construction over configurations
/// (NFA state, return stack).
///
/// A DFA state's row of 256 transitions is computed the first time any byte is asked from it,
/// then every step is one table lookup. Stacks are interned (`StackTable`) so a configuration
/// is one `UInt64`. State 0 is dead; state ids stay valid for the grammar's lifetime.
struct LazyDFA: ByteRecognizer {
    let nfa: ByteNFA
    let maxNestingDepth: Int
    private(set) var configurations: [[UInt64]] = [[]]
    private(set) var accepting: [Bool] = [false]
    /// `transitions[state * 256 + byte]`; -1 until the row is expanded.
    private var transitions: [Int32] = Array(repeating: 0, count: 256)
    private var stateIDs: [[UInt64]: Int32] = [[]: 0]
    private var stacks = StackTable()
    /// Closure of single configurations, the unit closures of sets are built from.
    private var closures: [UInt64: [UInt64]] = [:]
    private(set) var startState: Int32 = 0
    var cachedMasks: [Int32: [UInt64]] = [:]
    /// `plainSafeCharacters` answers per state.
    var plainSafety: [Int32: Int] = [:]
    /// `plainSuccessors` answers per state (empty: some plain character is dead there).
    var plainSuccessorCache: [Int32: [Int32]] = [:]

    init(nfa: ByteNFA, maxNestingDepth: Int) {
        self.nfa = nfa
        self.maxNestingDepth = maxNestingDepth
        let start = UInt64(UInt32(bitPattern: nfa.ruleEntries[0])) << 32
        startState = intern(computeClosure(of: [start]))
    }

    var stateCount: Int { accepting.count }

    func isAccepting(_ state: Int32) -> Bool { accepting[Int(state)] }

    mutating func step(_ state: Int32, _ byte: UInt8) -> Int32 {
        let index = Int(state) &* 256 &+ Int(byte)
        let next = transitions[index]
        if next >= 0 { return next }
        expand(state)
        return transitions[index]
    }

    /// Bytes that lead out of `state` to a live state.
    mutating func liveBytes(from state: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        for byte in 0...255 where step(state, UInt8(byte)) != 0 { bytes.append(UInt8(byte)) }
        return bytes
    }

    /// Fills the state's transition row. Bytes are grouped into intervals on which the same
    /// edges match, so the work is per interval, not per byte.
    private mutating func expand(_ state: Int32) {
        let configurations = self.configurations[Int(state)]
        // Interval boundaries: every edge's low and high+1.
        var cuts: [Int] = [0, 256]
        for configuration in configurations {
            for edge in nfa.edges[Int(configuration >> 32)] {
                cuts.append(Int(edge.low))
                cuts.append(Int(edge.high) + 1)
            }
        }
        cuts.sort()
        let base = Int(state) * 256
        var seen: [[UInt64]: Int32] = [:]
        var previous = -1
        for cut in cuts where cut != previous {
            defer { previous = cut }
            guard previous >= 0 else { continue }
            let low = previous, high = cut - 1  // interval [low, high]
            var seeds: [UInt64] = []
            for configuration in configurations {
                let stack = configuration & 0xFFFF_FFFF
                for edge in nfa.edges[Int(configuration >> 32)] where Int(edge.low) <= low && high <= Int(edge.high) {
                    seeds.append((UInt64(UInt32(bitPattern: edge.target)) << 32) | stack)
                }
            }
            var target: Int32 = 0
            if !seeds.isEmpty {
                if let known = seen[seeds] {
                    target = known
                } else {
                    target = intern(closure(of: seeds))
                    seen[seeds] = target
                }
            }
            for byte in low...high { transitions[base + byte] = target }
        }
    }

    private mutating func intern(_ set: [UInt64]) -> Int32 {
        if let id = stateIDs[set] { return id }
        let id = Int32(configurations.count)
        stateIDs[set] = id
        configurations.append(set)
        let rootExit = UInt64(UInt32(bitPattern: nfa.ruleExits[0])) << 32
        accepting.append(set.contains(rootExit))
        transitions.append(contentsOf: repeatElement(-1, count: 256))
        return id
    }

    /// Closure of a set: the union of the (cached) closures of its members.
    private mutating func closure(of seeds: [UInt64]) -> [UInt64] {
        if seeds.count == 1 { return singleClosure(seeds[0]) }
        var union: [UInt64] = []
        for seed in seeds { union += singleClosure(seed) }
        union.sort()
        var unique: [UInt64] = []
        unique.reserveCapacity(union.count)
        for value in union where unique.last != value { unique.append(value) }
        return unique
    }

    private mutating func singleClosure(_ seed: UInt64) -> [UInt64] {
        if let known = closures[seed] { return known }
        let result = computeClosure(of: [seed])
        closures[seed] = result
        return result
    }

    /// Epsilon closure through calls and returns; keeps configurations that can consume a
    /// byte, plus the accepting one (root exit with empty stack).
    private mutating func computeClosure(of seeds: [UInt64]) -> [UInt64] {
        var visited = Set<UInt64>()
        var work = seeds
        var kept: [UInt64] = []
        let rootExit = nfa.ruleExits[0]
        while let configuration = work.popLast() {
            guard visited.insert(configuration).inserted else { continue }
            let state = Int(configuration >> 32)
            let stack = UInt32(truncatingIfNeeded: configuration)
            if !nfa.edges[state].isEmpty || (Int32(state) == rootExit && stack == 0) {
                kept.append(configuration)
            }
            for next in nfa.epsilons[state] {
                work.append((UInt64(UInt32(bitPattern: next)) << 32) | UInt64(stack))
            }
            if let call = nfa.calls[state], stacks.depth(stack) < maxNestingDepth {
                let pushed = stacks.push(call.returnState, onto: stack)
                work.append((UInt64(UInt32(bitPattern: nfa.ruleEntries[Int(call.rule)])) << 32) | UInt64(pushed))
            }
            if nfa.exitOfRule[state] >= 0, stack != 0 {
                let (returnState, parent) = stacks.top(stack)
                work.append((UInt64(UInt32(bitPattern: returnState)) << 32) | UInt64(parent))
            }
        }
        kept.sort()
        return kept
    }
}
