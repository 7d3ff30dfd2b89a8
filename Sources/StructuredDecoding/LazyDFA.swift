/// A DFA built on demand from a `ByteNFA` by subset construction over configurations
/// (NFA state, return stack).
///
/// A DFA state's row of 256 transitions is computed the first time any byte is asked from it,
/// then every step is one table lookup. Stacks are interned (`StackTable`) so a configuration
/// is one `UInt64`. State 0 is dead; state ids stay valid for the grammar's lifetime.
///
/// Building states is the cost of a first-visit mask (the trie walk steps into states nobody
/// asked for before), so the construction avoids per-step allocation: the automaton is read
/// from flat arrays (`CompactNFA`), closures mark visited NFA states in a stamped array instead
/// of a hash set, and scratch buffers are reused across calls.
struct LazyDFA: ByteRecognizer {
    let nfa: CompactNFA
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
    /// Closures met by `plainPathSafeCharacters`, interned by content: their members, their
    /// plain successor (-2 not computed yet, -1 none), the id of each seed's closure.
    var plainClosureSets: [[UInt64]] = []
    var plainClosureSuccessors: [Int32] = []
    var plainClosureIDs: [[UInt64]: Int32] = [:]
    var plainClosureOfSeed: [UInt64: Int32] = [:]
    /// Per closure id: `branchingPlainSafeCharacters` answers, and whether one is being computed.
    var plainClosureBounds: [PlainBound] = []
    var plainClosureInProgress: [Bool] = []
    /// Per closure id: `plainExactCharacters`'s cleanliness check (-1 not computed, 0 no, 1 yes).
    var plainClosureCleanliness: [Int8] = []

    /// Closure scratch: NFA state s was visited in this closure when `visitMarks[s]` equals
    /// `visitGeneration`, with stack `visitStacks[s]`; a second stack for the same state (rare:
    /// recursion) goes to `extraVisited`.
    private var visitMarks: [UInt32]
    private var visitStacks: [UInt32]
    private var visitGeneration: UInt32 = 0
    private var extraVisited = Set<UInt64>()
    private var closureWork: [UInt64] = []
    /// Expansion scratch: seeds of the current interval, and the distinct seed lists of the row.
    private var seeds: [UInt64] = []
    private var rowSeeds: [[UInt64]] = []
    private var rowTargets: [Int32] = []

    init(nfa: ByteNFA, maxNestingDepth: Int) {
        self.nfa = CompactNFA(nfa)
        self.maxNestingDepth = maxNestingDepth
        visitMarks = [UInt32](repeating: 0, count: self.nfa.stateCount)
        visitStacks = [UInt32](repeating: 0, count: self.nfa.stateCount)
        guard let entry = self.nfa.ruleEntries.first else { return }
        let start = UInt64(UInt32(bitPattern: entry)) << 32
        startState = intern(computeClosure(of: [start]))
    }

    var stateCount: Int { accepting.count }

    func isAccepting(_ state: Int32) -> Bool { accepting[Int(state)] }

    /// The configurations (NFA state << 32 | stack) a DFA state stands for.
    func members(of state: Int32) -> [UInt64] { configurations[Int(state)] }

    @inline(__always)
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
    /// edges match (cut where any edge starts or ends), so the work is per interval, not per
    /// byte; intervals with the same edges share one target without a second closure.
    private mutating func expand(_ state: Int32) {
        let members = configurations[Int(state)]
        // Bit b of `cuts` set: an interval starts at byte b.
        var cuts = SIMD4<UInt64>(1, 0, 0, 0)
        for configuration in members {
            let nfaState = Int(configuration >> 32)
            for edge in Int(nfa.edgeStarts[nfaState])..<Int(nfa.edgeStarts[nfaState + 1]) {
                let low = Int(nfa.edgeLows[edge]), end = Int(nfa.edgeHighs[edge]) + 1
                cuts[low >> 6] |= 1 << UInt64(low & 63)
                if end < 256 { cuts[end >> 6] |= 1 << UInt64(end & 63) }
            }
        }
        rowSeeds.removeAll(keepingCapacity: true)
        rowTargets.removeAll(keepingCapacity: true)
        let base = Int(state) &* 256
        var low = 0
        while low < 256 {
            var high = 255
            var probe = low + 1
            while probe < 256 {
                if cuts[probe >> 6] & (1 << UInt64(probe & 63)) != 0 { high = probe - 1; break }
                probe += 1
            }
            seeds.removeAll(keepingCapacity: true)
            for configuration in members {
                let nfaState = Int(configuration >> 32)
                let stack = configuration & 0xFFFF_FFFF
                for edge in Int(nfa.edgeStarts[nfaState])..<Int(nfa.edgeStarts[nfaState + 1])
                where Int(nfa.edgeLows[edge]) <= low && high <= Int(nfa.edgeHighs[edge]) {
                    seeds.append((UInt64(UInt32(bitPattern: nfa.edgeTargets[edge])) << 32) | stack)
                }
            }
            var target: Int32 = 0
            if !seeds.isEmpty {
                if let known = rowSeeds.firstIndex(of: seeds) {
                    target = rowTargets[known]
                } else {
                    let found = seeds
                    target = intern(closure(of: found))
                    rowSeeds.append(found)
                    rowTargets.append(target)
                }
            }
            transitions.withUnsafeMutableBufferPointer { row in
                for byte in low...high { row[base &+ byte] = target }
            }
            low = high + 1
        }
    }

    private mutating func intern(_ set: [UInt64]) -> Int32 {
        if let id = stateIDs[set] { return id }
        let id = Int32(configurations.count)
        stateIDs[set] = id
        configurations.append(set)
        let rootExit = UInt64(UInt32(bitPattern: nfa.rootExit)) << 32
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

    mutating func singleClosure(_ seed: UInt64) -> [UInt64] {
        if let known = closures[seed] { return known }
        let result = computeClosure(of: [seed])
        closures[seed] = result
        return result
    }

    /// Epsilon closure through calls and returns; keeps configurations that can consume a
    /// byte, plus the accepting one (root exit with empty stack).
    private mutating func computeClosure(of seeds: [UInt64]) -> [UInt64] {
        visitGeneration &+= 1
        if visitGeneration == 0 {
            for index in visitMarks.indices { visitMarks[index] = 0 }
            visitGeneration = 1
        }
        let generation = visitGeneration
        if !extraVisited.isEmpty { extraVisited.removeAll(keepingCapacity: true) }
        closureWork.removeAll(keepingCapacity: true)
        closureWork += seeds
        var kept: [UInt64] = []
        let rootExit = Int(nfa.rootExit)
        while let configuration = closureWork.popLast() {
            let state = Int(configuration >> 32)
            let stack = UInt32(truncatingIfNeeded: configuration)
            if visitMarks[state] == generation {
                if visitStacks[state] == stack || !extraVisited.insert(configuration).inserted { continue }
            } else {
                visitMarks[state] = generation
                visitStacks[state] = stack
            }
            if nfa.hasEdges(state) || (state == rootExit && stack == 0) {
                kept.append(configuration)
            }
            for index in Int(nfa.epsilonStarts[state])..<Int(nfa.epsilonStarts[state + 1]) {
                closureWork.append((UInt64(UInt32(bitPattern: nfa.epsilonTargets[index])) << 32) | UInt64(stack))
            }
            let rule = nfa.callRules[state]
            if rule >= 0, stacks.depth(stack) < maxNestingDepth {
                let pushed = stacks.push(nfa.callReturns[state], onto: stack)
                closureWork.append((UInt64(UInt32(bitPattern: nfa.ruleEntries[Int(rule)])) << 32) | UInt64(pushed))
            }
            if nfa.isRuleExit[state], stack != 0 {
                let (returnState, parent) = stacks.top(stack)
                closureWork.append((UInt64(UInt32(bitPattern: returnState)) << 32) | UInt64(parent))
            }
        }
        kept.sort()
        return kept
    }
}
