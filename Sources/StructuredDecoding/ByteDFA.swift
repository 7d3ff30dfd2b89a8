/// A small deterministic automaton over bytes, built eagerly, for the regular parts of a schema
/// that need Boolean operations: property keys that match one `patternProperties` regex and
/// none of the others, string bodies that match a `pattern` and a length range at once, strings
/// that do *not* match a pattern.
///
/// The grammar's main automaton is a lazy DFA over an NFA with rule calls; it cannot complement
/// or intersect. These sub-languages are regular and small, so they are determinized here (subset
/// construction over byte classes), combined with product constructions, trimmed, and put back
/// into the grammar as a `GrammarNode.automaton`.
///
/// Invariants: state 0 is the start state; `transitions[state * classCount + class]` is the
/// target or -1 (dead); `classOf` maps each of the 256 bytes to a class in `0..<classCount`.
struct ByteDFA: Sendable {
    private(set) var classOf: [UInt8]
    private(set) var classCount: Int
    private(set) var transitions: [Int32]
    private(set) var accepting: [Bool]

    var stateCount: Int { accepting.count }

    /// The automaton of the empty language.
    static let empty = ByteDFA(classOf: [UInt8](repeating: 0, count: 256), classCount: 1, transitions: [-1], accepting: [false])

    /// Whether the language has no string (after `trimmed()`, exactly when the start is dead).
    var isEmpty: Bool {
        var seen = [Bool](repeating: false, count: stateCount)
        var stack: [Int32] = [0]
        seen[0] = true
        while let state = stack.popLast() {
            if accepting[Int(state)] { return false }
            for target in targets(of: state) where !seen[Int(target)] {
                seen[Int(target)] = true
                stack.append(target)
            }
        }
        return true
    }

    func step(_ state: Int32, _ byte: UInt8) -> Int32 {
        transitions[Int(state) * classCount + Int(classOf[Int(byte)])]
    }

    func matches<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        var state: Int32 = 0
        for byte in bytes {
            state = step(state, byte)
            if state < 0 { return false }
        }
        return accepting[Int(state)]
    }

    private func targets(of state: Int32) -> [Int32] {
        let base = Int(state) * classCount
        return transitions[base..<(base + classCount)].filter { $0 >= 0 }
    }

    /// The byte ranges of each class, for emitting edges.
    var classRanges: [[ClosedRange<UInt8>]] {
        var ranges = [[ClosedRange<UInt8>]](repeating: [], count: classCount)
        var start = 0
        for byte in 1...256 {
            if byte == 256 || classOf[byte] != classOf[start] {
                ranges[Int(classOf[start])].append(UInt8(start)...UInt8(byte - 1))
                start = byte
            }
        }
        return ranges
    }

    // MARK: - Construction

    /// Determinizes a regular grammar node (no rules, objects or arrays).
    /// - throws: `GrammarError.budgetExceeded` past `limits.maxEagerDFAStates` states, or
    ///   `unsupportedKeyword` when the node is not regular.
    init(_ node: GrammarNode, limits: GrammarLimits, keyword: String, path: String) throws(GrammarError) {
        let nfa = try NFABuilder.build(Grammar(rules: [node]), limits: limits)
        guard nfa.calls.allSatisfy({ $0 == nil }) else {
            throw GrammarError(.unsupportedKeyword, keyword: keyword, path: path, detail: "not a regular language")
        }
        let exit = nfa.ruleExits[0]
        // Byte classes: bytes no edge tells apart share a class.
        var boundary = [Bool](repeating: false, count: 257)
        boundary[0] = true
        for edges in nfa.edges {
            for edge in edges {
                boundary[Int(edge.low)] = true
                boundary[Int(edge.high) + 1] = true
            }
        }
        var classOf = [UInt8](repeating: 0, count: 256)
        var representatives: [UInt8] = []
        for byte in 0..<256 {
            if boundary[byte] { representatives.append(UInt8(byte)) }
            classOf[byte] = UInt8(representatives.count - 1)
        }
        // Work (NFA states and edges visited) is budgeted too: a few large state sets cost as
        // much as many small ones.
        var work = 0
        let maxWork = limits.maxEagerDFAStates * 64
        // Epsilon closures, marked with a stamp per closure rather than a fresh set each time.
        var mark = [UInt32](repeating: 0, count: nfa.epsilons.count)
        var stamp: UInt32 = 0
        func closure(_ states: [Int32]) -> [Int32] {
            stamp += 1
            var result: [Int32] = []
            for state in states where mark[Int(state)] != stamp {
                mark[Int(state)] = stamp
                result.append(state)
            }
            var stack = result
            while let state = stack.popLast() {
                work += 1
                for next in nfa.epsilons[Int(state)] where mark[Int(next)] != stamp {
                    mark[Int(next)] = stamp
                    result.append(next)
                    stack.append(next)
                }
            }
            return result.sorted()
        }
        // Found by FuzzSchemaCompile (a `patternProperties` key over "any character" took 1.4 s
        // with ASan): a state's moves are computed for every byte class in one pass over its
        // edges (explore asks for the classes of one state in a row), and the closure of each
        // set of move targets once, however many states and classes reach it.
        let classCount = representatives.count
        var movesOf: [Int32]?
        var moves: [[Int32]] = []
        var closures: [[Int32]: [Int32]] = [:]
        self = try ByteDFA.explore(
            from: closure([nfa.ruleEntries[0]]), classOf: classOf, classCount: classCount,
            step: { (current: [Int32], byteClass: Int) throws(GrammarError) -> [Int32]? in
                if movesOf != current {
                    moves = [[Int32]](repeating: [], count: classCount)
                    for state in current {
                        for edge in nfa.edges[Int(state)] {
                            // Edge ends are class boundaries, so the edge covers these classes exactly.
                            for covered in Int(classOf[Int(edge.low)])...Int(classOf[Int(edge.high)]) {
                                moves[covered].append(edge.target)
                            }
                            work += 1
                        }
                    }
                    movesOf = current
                }
                let next = moves[byteClass]
                if next.isEmpty { return nil }
                let kernel = Array(Set(next)).sorted()
                if let known = closures[kernel] { return known }
                let target = closure(kernel)
                closures[kernel] = target
                guard work <= maxWork else {
                    throw GrammarError(.budgetExceeded, keyword: keyword, path: path,
                                       detail: "determinizing took more than \(maxWork) steps")
                }
                return target
            },
            accepts: { $0.contains(exit) }, limits: limits, keyword: keyword, path: path)
    }

    /// An automaton from its tables (see the invariants above); `trimmed()` it before use.
    init(classOf: [UInt8], classCount: Int, transitions: [Int32], accepting: [Bool]) {
        self.classOf = classOf
        self.classCount = classCount
        self.transitions = transitions
        self.accepting = accepting
    }

    /// Strings of `min` to `max` (nil: unbounded) characters, a character being one string of
    /// `character`'s language (whose accepting states must have no way out: one character).
    static func counted(_ character: ByteDFA, min minimum: Int, max maximum: Int?, limits: GrammarLimits,
                        keyword: String, path: String) throws(GrammarError) -> ByteDFA {
        let top = maximum ?? minimum
        let inner = (0..<character.stateCount).filter { !character.accepting[$0] }
        if let maximum, maximum < minimum { return .empty }
        guard (top + 1) * inner.count <= limits.maxEagerDFAStates else {
            throw GrammarError(.budgetExceeded, keyword: keyword, path: path,
                               detail: "more than \(limits.maxEagerDFAStates) DFA states")
        }
        var local = [Int32](repeating: -1, count: character.stateCount)
        for (position, state) in inner.enumerated() { local[state] = Int32(position) }
        let width = Int32(inner.count)
        let classCount = character.classCount
        var transitions: [Int32] = []
        transitions.reserveCapacity((top + 1) * inner.count * classCount)
        var accepting: [Bool] = []
        for count in 0...top {
            for state in inner {
                accepting.append(state == 0 && count >= minimum)
                for target in character.transitions[(state * classCount)..<((state + 1) * classCount)] {
                    if target < 0 {
                        transitions.append(-1)
                    } else if character.accepting[Int(target)] {
                        let next = count + 1 <= top ? count + 1 : (maximum == nil ? top : -1)
                        transitions.append(next < 0 ? -1 : Int32(next) * width + local[0])
                    } else {
                        transitions.append(Int32(count) * width + local[Int(target)])
                    }
                }
            }
        }
        return ByteDFA(classOf: character.classOf, classCount: classCount, transitions: transitions, accepting: accepting).trimmed()
    }

    // MARK: - Boolean operations

    enum Operation {
        case intersection, union, difference

        func accepts(_ left: Bool, _ right: Bool) -> Bool {
            switch self {
            case .intersection: return left && right
            case .union: return left || right
            case .difference: return left && !right
            }
        }
    }

    /// The product automaton of `self` and `other` accepting by `operation`.
    func combined(with other: ByteDFA, _ operation: Operation, limits: GrammarLimits,
                  keyword: String, path: String) throws(GrammarError) -> ByteDFA {
        // Joint byte classes: pairs of classes that occur.
        var pairClass: [Int: UInt8] = [:]
        var classOf = [UInt8](repeating: 0, count: 256)
        var pairs: [(Int, Int)] = []
        for byte in 0..<256 {
            let key = Int(self.classOf[byte]) << 8 | Int(other.classOf[byte])
            if let known = pairClass[key] {
                classOf[byte] = known
            } else {
                let next = UInt8(truncatingIfNeeded: pairs.count)
                pairClass[key] = next
                classOf[byte] = next
                pairs.append((Int(self.classOf[byte]), Int(other.classOf[byte])))
            }
        }
        // States are pairs (left, right), -1 meaning "dead on that side", packed in one Int64.
        func pair(_ key: Int64) -> (left: Int32, right: Int32) {
            (Int32(truncatingIfNeeded: key >> 32), Int32(truncatingIfNeeded: key))
        }
        return try ByteDFA.explore(
            from: Int64(0), classOf: classOf, classCount: pairs.count,
            step: { key, byteClass in
                let (left, right) = pair(key)
                let (leftClass, rightClass) = pairs[byteClass]
                let nextLeft = left < 0 ? -1 : self.transitions[Int(left) * self.classCount + leftClass]
                let nextRight = right < 0 ? -1 : other.transitions[Int(right) * other.classCount + rightClass]
                let dead: Bool
                switch operation {
                case .intersection: dead = nextLeft < 0 || nextRight < 0
                case .union: dead = nextLeft < 0 && nextRight < 0
                case .difference: dead = nextLeft < 0
                }
                return dead ? nil : Int64(nextLeft) << 32 | Int64(UInt32(bitPattern: nextRight))
            },
            accepts: { key in
                let (left, right) = pair(key)
                return operation.accepts(left >= 0 && self.accepting[Int(left)], right >= 0 && other.accepting[Int(right)])
            },
            limits: limits, keyword: keyword, path: path)
    }

    /// Drops states from which no accepting state is reachable, so that every live path can
    /// still complete (a mask never offers a byte that leads nowhere).
    func trimmed() -> ByteDFA {
        let count = stateCount
        var reverse = [[Int32]](repeating: [], count: count)
        for state in 0..<count {
            for target in targets(of: Int32(state)) { reverse[Int(target)].append(Int32(state)) }
        }
        var live = accepting
        var stack = (0..<count).filter { accepting[$0] }.map(Int32.init)
        while let state = stack.popLast() {
            for source in reverse[Int(state)] where !live[Int(source)] {
                live[Int(source)] = true
                stack.append(source)
            }
        }
        guard live[0] else { return .empty }
        // Renumber reachable live states breadth-first from the start.
        var number = [Int32](repeating: -1, count: count)
        var order: [Int32] = [0]
        number[0] = 0
        var cursor = 0
        while cursor < order.count {
            let state = order[cursor]
            cursor += 1
            for target in targets(of: state) where live[Int(target)] && number[Int(target)] < 0 {
                number[Int(target)] = Int32(order.count)
                order.append(target)
            }
        }
        var newTransitions: [Int32] = []
        newTransitions.reserveCapacity(order.count * classCount)
        for state in order {
            let base = Int(state) * classCount
            for target in transitions[base..<(base + classCount)] {
                newTransitions.append(target >= 0 && live[Int(target)] ? number[Int(target)] : -1)
            }
        }
        return ByteDFA(classOf: classOf, classCount: classCount, transitions: newTransitions,
                       accepting: order.map { accepting[Int($0)] })
    }

    /// The grammar node of this language (`.nothing` when empty).
    var node: GrammarNode { isEmpty ? .nothing : .automaton(self) }
}
