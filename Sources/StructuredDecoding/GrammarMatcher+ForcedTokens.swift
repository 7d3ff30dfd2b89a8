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
    /// which spans the forced `"` and that choice. Such a token is left to the sampler, so at
    /// the end of the forced bytes the model splits the text as a decoder that samples every
    /// token under the grammar (llama.cpp) lets it. Forcing the tokenizer's `"` instead makes the
    /// model continue from a split it rarely saw, which small models answer with loops.
    ///
    /// Inside the forced bytes the tokenizer's split still stands, and it can differ from what
    /// the model would pick: SmolLM2-135M, sampling every token of compact JSON itself, writes
    /// `":` then `"` where `":"` (one token) is forced here, and spells a key like `founded` in
    /// pieces where the key is forced as one token.
    ///
    /// - parameter budget: the most tokens that may be forced (the first `budget` are, when
    ///   more are forced).
    /// - parameter scratch: a buffer for allowed-token masks, reused across calls (resized as
    ///   needed).
    /// - parameter encode: the tokenizer, without special tokens.
    /// - returns: the accepted tokens, a prefix of `encode(forcedBytes())`.
    /// - Note: Costs a walk down the vocabulary trie per forced token, and an allowed-token mask
    ///   (cached per grammar state) only where some token spells the rest of the forced bytes and
    ///   goes on past them.
    package func acceptForcedTokens(budget: Int, scratch: inout [UInt64], encode: (String) -> [Int32]) -> [Int32] {
        let forced = forcedBytes()
        guard !forced.isEmpty, budget > 0, let text = String(validating: forced, as: UTF8.self) else { return [] }
        let tokens = encode(text)
        let tokenBytes = grammar.vocabulary.tokenBytes
        var accepted = 0, offset = 0
        while accepted < tokens.count, accepted < budget, offset < forced.count {
            if allowsToken(extending: forced[offset...], scratch: &scratch) { break }
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

    /// Whether the grammar allows, now, a token that spells `bytes` and goes on past them.
    ///
    /// Called with the rest of the forced bytes: such a token covers them and the choice after
    /// them, so the model may take both in one token and the bytes are not forced.
    ///
    /// - parameter scratch: a buffer for the allowed-token mask, reused across calls.
    /// - Note: Computes the allowed-token mask only when some token of the vocabulary extends
    ///   `bytes` (a walk down the vocabulary trie says so first).
    package func allowsToken(extending bytes: some Collection<UInt8>, scratch: inout [UInt64]) -> Bool {
        guard grammar.slices.all.hasToken(extending: bytes) else { return false }
        fillAllowedTokens(into: &scratch)
        let tokenBytes = grammar.vocabulary.tokenBytes
        let length = bytes.count
        for (index, word) in scratch.enumerated() where word != 0 {
            var bits = word
            while bits != 0 {
                let token = index << 6 | bits.trailingZeroBitCount
                bits &= bits &- 1
                if token < tokenBytes.count, tokenBytes[token].count > length, tokenBytes[token].starts(with: bytes) {
                    return true
                }
            }
        }
        return false
    }
}
