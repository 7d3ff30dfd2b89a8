/// The state of one constrained generation: which tokens may come next, what was accepted.
///
/// ```swift
/// let matcher = GrammarMatcher(grammar: grammar)
/// var mask = [UInt64](repeating: 0, count: vocabulary.maskWordCount)
/// matcher.fillAllowedTokens(into: &mask)   // sample only among set bits
/// _ = matcher.accept(token)
/// ```
/// Not thread-safe: one matcher per generation.
public final class GrammarMatcher {
    public let grammar: CompiledGrammar
    private var state: Int32
    /// DFA state before each accepted token, for `rollback(tokens:)`.
    private var history: [Int32] = []
    /// An end-of-generation token was accepted.
    private var finished = false
    /// Masks are served from the per-state cache (tests turn this off to compare).
    package var usesMaskCache = true
    /// Plain-string slices are used (tests turn this off to compare with the full walk).
    package var usesSlices = true

    public init(grammar: CompiledGrammar) {
        self.grammar = grammar
        self.state = grammar.startState
    }

    /// Sets bit i of `words` exactly when token i may come next; end-of-generation tokens only
    /// when the value is complete. `words` is resized to the vocabulary's word count.
    public func fillAllowedTokens(into words: inout [UInt64]) {
        let wordCount = grammar.vocabulary.maskWordCount
        if words.count != wordCount { words = [UInt64](repeating: 0, count: wordCount) }
        if finished {
            for index in words.indices { words[index] = 0 }
            return
        }
        grammar.fillMask(state: state, into: &words, useCache: usesMaskCache, useSlices: usesSlices)
    }

    /// Advances over `token` when it is allowed; returns false (and changes nothing) otherwise.
    @discardableResult
    public func accept(_ token: Int32) -> Bool {
        guard !finished, token >= 0, Int(token) < grammar.vocabulary.count else { return false }
        if grammar.vocabulary.endOfGenerationTokenIDs.contains(token) {
            guard isComplete else { return false }
            history.append(state)
            finished = true
            return true
        }
        if grammar.vocabulary.specialTokenIDs.contains(token) { return false }
        let bytes = grammar.vocabulary.tokenBytes[Int(token)]
        guard let next = advance(over: bytes) else { return false }
        history.append(state)
        state = next
        return true
    }

    /// Advances over raw bytes (e.g. forced bytes); returns false and changes nothing when they
    /// do not fit. Not undoable with `rollback(tokens:)`.
    @discardableResult
    public func accept(bytes: [UInt8]) -> Bool {
        guard !finished, let next = advance(over: bytes) else { return false }
        state = next
        return true
    }

    /// Whether `bytes` fit from the current state (the matcher does not move).
    package func wouldAccept(bytes: [UInt8]) -> Bool {
        !finished && advance(over: bytes) != nil
    }

    /// The bytes every continuation must start with (jump-forward), stopping where the grammar
    /// offers a choice or the value could end.
    public func forcedBytes() -> [UInt8] {
        guard !finished else { return [] }
        return grammar.dfa.withLock { dfa in
            var forced: [UInt8] = []
            var current = state
            while current != 0, !dfa.isAccepting(current), forced.count < 4_096 {
                let live = dfa.liveBytes(from: current)
                guard live.count == 1 else { break }
                forced.append(live[0])
                current = dfa.step(current, live[0])
            }
            return forced
        }
    }

    /// The DFA state the matcher is in (tests inspect it).
    var currentState: Int32 { state }

    /// A complete value has been produced: end-of-generation is allowed (or was accepted).
    public var isComplete: Bool {
        finished || grammar.dfa.withLock { $0.isAccepting(state) }
    }

    /// More bytes can still be appended.
    public var canContinue: Bool {
        guard !finished else { return false }
        return grammar.dfa.withLock { dfa in !dfa.liveBytes(from: state).isEmpty }
    }

    /// Undoes the last `tokens` accepted tokens (fewer when fewer were accepted).
    public func rollback(tokens: Int) {
        var remaining = tokens
        while remaining > 0, let previous = history.popLast() {
            state = previous
            finished = false
            remaining -= 1
        }
    }

    private func advance(over bytes: [UInt8]) -> Int32? {
        grammar.dfa.withLock { dfa in
            var current = state
            for byte in bytes {
                current = dfa.step(current, byte)
                if current == 0 { return nil }
            }
            return current
        }
    }
}
