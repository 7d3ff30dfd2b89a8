/// A nondeterministic automaton over bytes with rule calls (a recursive transition network).
///
/// Every state may have byte edges, epsilon edges and at most one call: entering rule `rule`
/// and, when that rule's exit state is reached, continuing at `returnState`. The lazy DFA walks
/// configurations (state, return stack), so rules are emitted once however often they are used.
struct ByteNFA: Sendable {
    struct Edge: Sendable {
        var low: UInt8
        var high: UInt8
        var target: Int32
    }

    struct Call: Sendable {
        var rule: Int32
        var returnState: Int32
    }

    var edges: [[Edge]] = []
    var epsilons: [[Int32]] = []
    var calls: [Call?] = []
    /// For each state, the rule it exits (returns from), or -1.
    var exitOfRule: [Int32] = []
    var ruleEntries: [Int32] = []
    var ruleExits: [Int32] = []

    var stateCount: Int { edges.count }
}
