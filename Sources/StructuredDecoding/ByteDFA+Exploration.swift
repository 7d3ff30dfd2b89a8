extension ByteDFA {
    /// The automaton whose states are the values reachable from `start`, numbered breadth first
    /// (the start is state 0), trimmed of states that cannot reach acceptance.
    ///
    /// Subset construction, products of automata and the number automata all build their tables
    /// this way; they differ only in what a state is and how a byte class moves it.
    ///
    /// - parameter classOf: the byte classes of the result.
    /// - parameter classCount: how many classes `classOf` uses.
    /// - parameter step: the state after one byte of a class, nil for none (a dead end); may
    ///   throw to stop a construction past a budget of its own.
    /// - parameter accepts: whether a state accepts.
    /// - throws: `GrammarError.budgetExceeded` past `limits.maxEagerDFAStates` states, naming
    ///   `keyword` and `path`, or what `step` throws.
    static func explore<State: Hashable>(
        from start: State, classOf: [UInt8], classCount: Int,
        step: (State, Int) throws(GrammarError) -> State?, accepts: (State) -> Bool,
        limits: GrammarLimits, keyword: String, path: String
    ) throws(GrammarError) -> ByteDFA {
        var number: [State: Int32] = [start: 0]
        var states = [start]
        var transitions: [Int32] = []
        var accepting: [Bool] = []
        var cursor = 0
        while cursor < states.count {
            let state = states[cursor]
            cursor += 1
            accepting.append(accepts(state))
            for byteClass in 0..<classCount {
                guard let next = try step(state, byteClass) else {
                    transitions.append(-1)
                    continue
                }
                if let known = number[next] {
                    transitions.append(known)
                    continue
                }
                guard states.count < limits.maxEagerDFAStates else {
                    throw GrammarError(.budgetExceeded, keyword: keyword, path: path,
                                       detail: "more than \(limits.maxEagerDFAStates) DFA states")
                }
                number[next] = Int32(states.count)
                transitions.append(Int32(states.count))
                states.append(next)
            }
        }
        return ByteDFA(classOf: classOf, classCount: classCount, transitions: transitions, accepting: accepting).trimmed()
    }
}
