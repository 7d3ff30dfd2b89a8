/// Byte-level stepping for tools that search the grammar's language (MaskBench looks for a
/// member order the grammar accepts, keeping one state per search node instead of re-reading
/// prefixes).
extension CompiledGrammar {
    /// The state before any byte.
    package var initialState: Int32 { startState }

    /// The state after `bytes` from `state`; nil when the grammar rejects them.
    package func state(after bytes: some Sequence<UInt8>, from state: Int32) -> Int32? {
        dfa.withLock { dfa in
            var current = state
            for byte in bytes {
                current = dfa.step(current, byte)
                if current == 0 { return nil }
            }
            return current
        }
    }

    /// Whether a complete value ends at `state`.
    package func isAccepting(_ state: Int32) -> Bool {
        dfa.withLock { $0.isAccepting(state) }
    }
}
