extension GrammarMatcher {
    /// Accepts the bytes the grammar forces now as the tokens that may be forced, and returns
    /// them; returns no tokens (and accepts nothing) when there is nothing to force, when the
    /// grammar rejects one of the tokenizer's tokens, or when they do not fit in `budget`.
    ///
    /// ```swift
    /// var scratch: [UInt64] = []
    /// let forced = matcher.acceptForcedTokens(budget: 64, scratch: &scratch) { tokenizer.encode($0) }
    /// // evaluate `forced` as one batch; when it is empty, sample the next token under the mask
    /// ```
    ///
    /// The forced bytes are split as the tokenizer splits them, but forcing stops before a token
    /// where the grammar also allows a token that runs past the end of the forced bytes: after
    /// `{"title` the forced bytes are `"` (then `:` or a space), and the model may pick `":`,
    /// which spans the forced `"` and that choice. Such a token is left to the sampler, so the
    /// text is split into tokens as the model itself would split it, and a greedy run follows the
    /// same tokens as a decoder that samples every token under the grammar (llama.cpp). Forcing
    /// the tokenizer's `"` instead makes the model continue from a split it rarely saw, which
    /// small models answer with loops.
    ///
    /// - parameter budget: the most tokens that may be forced.
    /// - parameter scratch: a buffer for allowed-token masks, reused across calls (resized as
    ///   needed).
    /// - parameter encode: the tokenizer, without special tokens.
    /// - returns: the accepted tokens, a prefix of `encode(forcedBytes())`.
    /// - Note: Costs one allowed-token mask per forced token whose bytes end within the longest
    ///   token's length of the forced bytes' end (masks are cached per grammar state).
    package func acceptForcedTokens(budget: Int, scratch: inout [UInt64], encode: (String) -> [Int32]) -> [Int32] {
        let forced = forcedBytes()
        guard !forced.isEmpty, budget > 0, let text = String(validating: forced, as: UTF8.self) else { return [] }
        let tokens = encode(text)
        let tokenBytes = grammar.vocabulary.tokenBytes
        var accepted = 0, offset = 0
        while accepted < tokens.count, accepted < budget, offset < forced.count {
            if allowsToken(longerThan: forced.count - offset, scratch: &scratch) { break }
            guard accept(tokens[accepted]) else {
                rollback(tokens: accepted)
                return []
            }
            offset += tokenBytes[Int(tokens[accepted])].count
            accepted += 1
        }
        // A tokenizer that does not round-trip (its tokens spell more than the forced bytes)
        // forces nothing: the sampler decides under the mask instead.
        guard accepted > 0, offset <= forced.count else {
            rollback(tokens: accepted)
            return []
        }
        return Array(tokens[..<accepted])
    }

    /// Whether the grammar allows, now, a token of more than `length` bytes.
    ///
    /// At a point where the next `length` bytes are forced, such a token spells those bytes and
    /// goes on past them: the model may cover the forced bytes and the choice after them with
    /// one token.
    ///
    /// - parameter scratch: a buffer for the allowed-token mask, reused across calls.
    /// - Note: Computes the allowed-token mask only when some token of the vocabulary is longer
    ///   than `length`.
    package func allowsToken(longerThan length: Int, scratch: inout [UInt64]) -> Bool {
        guard length < grammar.slices.all.maxDepth else { return false }
        fillAllowedTokens(into: &scratch)
        let tokenBytes = grammar.vocabulary.tokenBytes
        for (index, word) in scratch.enumerated() where word != 0 {
            var bits = word
            while bits != 0 {
                let token = index << 6 | bits.trailingZeroBitCount
                bits &= bits &- 1
                if token < tokenBytes.count, tokenBytes[token].count > length { return true }
            }
        }
        return false
    }
}
