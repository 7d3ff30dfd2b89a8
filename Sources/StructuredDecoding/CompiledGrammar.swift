import Synchronization

/// A grammar compiled for one vocabulary: the automaton plus its lazily built DFA and mask
/// cache, shared by every matcher (generation) that uses it.
///
/// The DFA grows as matchers explore it; growth and mask computation happen under one lock,
/// so a grammar can be used from many generations at once.
public final class CompiledGrammar: Sendable {
    let slices: TokenSlices
    let vocabulary: TokenVocabulary
    let limits: GrammarLimits
    let dfa: Mutex<LazyDFA>
    let startState: Int32

    init(nfa: ByteNFA, slices: TokenSlices, vocabulary: TokenVocabulary, limits: GrammarLimits) {
        self.slices = slices
        self.vocabulary = vocabulary
        self.limits = limits
        let automaton = LazyDFA(nfa: nfa, maxNestingDepth: limits.maxNestingDepth)
        self.startState = automaton.startState
        self.dfa = Mutex(automaton)
    }

    /// Number of NFA states (a size measure for budgets and benchmarks).
    public var automatonSize: Int { dfa.withLock { $0.nfa.stateCount } }

    /// DFA states built so far (benchmarks report it).
    package var dfaStateCount: Int { dfa.withLock { $0.stateCount } }

    /// Whether `bytes` is a complete value of the grammar.
    public func matches(_ bytes: [UInt8]) -> Bool {
        dfa.withLock { dfa in
            var state = startState
            for byte in bytes {
                state = dfa.step(state, byte)
                if state == 0 { return false }
            }
            return dfa.isAccepting(state)
        }
    }

    /// The allowed-token mask at `state`. With `useCache`, masks are remembered per DFA state;
    /// with `useSlices`, states where plain string text stays alive take the plain tokens
    /// from a precomputed bitmask and walk only the rest (both are equivalence-tested against the
    /// plain full walk).
    func fillMask(state: Int32, into words: inout [UInt64], useCache: Bool, useSlices: Bool = true) {
        dfa.withLock { dfa in
            if useCache, let cached = dfa.cachedMasks[state] {
                words = cached
                return
            }
            for index in words.indices { words[index] = 0 }
            if state != 0 {
                if useSlices, let exact = dfa.plainExactCharacters(state, limit: slices.longestPlain) {
                    words = slices.plainUpTo[exact]
                    slices.nonPlain.fillAllowed(from: state, recognizer: &dfa, into: &words)
                } else if useSlices, let slice = slice(for: state, in: &dfa) {
                    words = slice.mask
                    slice.rest.fillAllowed(from: state, recognizer: &dfa, into: &words)
                } else {
                    slices.all.fillAllowed(from: state, recognizer: &dfa, into: &words)
                }
                if dfa.isAccepting(state) {
                    for token in vocabulary.endOfGenerationTokenIDs where Int(token) < vocabulary.count {
                        words[Int(token) >> 6] |= 1 << (UInt64(token) & 63)
                    }
                }
            }
            if useCache, dfa.cachedMasks.count < limits.maxCachedMasks { dfa.cachedMasks[state] = words }
        }
    }

    /// The slice for `state`: from the NFA path bound when it proves something (cheap, and
    /// exact for JSON string bodies), else from the ASCII bound (keys in an excluded-key trie),
    /// else from the breadth-first search over DFA states.
    private func slice(for state: Int32, in dfa: inout LazyDFA) -> TokenSlices.Slice? {
        let bound = dfa.plainPathSafeCharacters(state, limit: slices.longestPlain)
        if bound > 0 { return slices.slice(forSafeCharacters: bound) }
        let ascii = dfa.branchingASCIISafeCharacters(state, limit: slices.asciiSlices.last?.maxCharacters ?? 0, budget: 2_048)
        if ascii > 0, let slice = slices.asciiSlice(forSafeCharacters: ascii) { return slice }
        return slices.slice(forSafeCharacters: dfa.plainSafeCharacters(state, limit: slices.longestPlain))
    }
}
