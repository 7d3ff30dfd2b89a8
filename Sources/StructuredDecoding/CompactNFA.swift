/// A `ByteNFA` laid out in flat arrays (compressed rows), the form the lazy DFA reads.
///
/// `ByteNFA` keeps an array per state, which the builder needs; but reading `edges[state]` in
/// the DFA's inner loops retains and releases that inner array every time, and subset
/// construction reads it millions of times. Here every row is a slice of one shared array, so
/// the inner loops touch plain integers only.
struct CompactNFA: Sendable {
    /// Row `state` of the edge arrays is `edgeStarts[state] ..< edgeStarts[state + 1]`.
    let edgeStarts: [Int32]
    let edgeLows: [UInt8]
    let edgeHighs: [UInt8]
    let edgeTargets: [Int32]
    /// Row `state` of `epsilonTargets` is `epsilonStarts[state] ..< epsilonStarts[state + 1]`.
    let epsilonStarts: [Int32]
    let epsilonTargets: [Int32]
    /// The rule a state calls, or -1; the call continues at `callReturns[state]`.
    let callRules: [Int32]
    let callReturns: [Int32]
    /// Whether the state is the exit of some rule (a return point when the stack is not empty).
    let isRuleExit: [Bool]
    let ruleEntries: [Int32]
    /// Exit of rule 0: reaching it with the empty stack means a complete value.
    let rootExit: Int32

    init(_ nfa: ByteNFA) {
        let count = nfa.stateCount
        var edgeStarts: [Int32] = [], epsilonStarts: [Int32] = []
        edgeStarts.reserveCapacity(count + 1)
        epsilonStarts.reserveCapacity(count + 1)
        var edgeLows: [UInt8] = [], edgeHighs: [UInt8] = [], edgeTargets: [Int32] = []
        var epsilonTargets: [Int32] = []
        var callRules = [Int32](repeating: -1, count: count)
        var callReturns = [Int32](repeating: -1, count: count)
        var isRuleExit = [Bool](repeating: false, count: count)
        for state in 0..<count {
            edgeStarts.append(Int32(edgeTargets.count))
            for edge in nfa.edges[state] {
                edgeLows.append(edge.low)
                edgeHighs.append(edge.high)
                edgeTargets.append(edge.target)
            }
            epsilonStarts.append(Int32(epsilonTargets.count))
            epsilonTargets += nfa.epsilons[state]
            if let call = nfa.calls[state] {
                callRules[state] = call.rule
                callReturns[state] = call.returnState
            }
            isRuleExit[state] = nfa.exitOfRule[state] >= 0
        }
        edgeStarts.append(Int32(edgeTargets.count))
        epsilonStarts.append(Int32(epsilonTargets.count))
        self.edgeStarts = edgeStarts
        self.edgeLows = edgeLows
        self.edgeHighs = edgeHighs
        self.edgeTargets = edgeTargets
        self.epsilonStarts = epsilonStarts
        self.epsilonTargets = epsilonTargets
        self.callRules = callRules
        self.callReturns = callReturns
        self.isRuleExit = isRuleExit
        self.ruleEntries = nfa.ruleEntries
        self.rootExit = nfa.ruleExits.first ?? -1
    }

    var stateCount: Int { callRules.count }

    func hasEdges(_ state: Int) -> Bool { edgeStarts[state] != edgeStarts[state + 1] }
}
