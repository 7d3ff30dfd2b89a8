extension InferenceContext {
    /// Why `generate` stopped.
    public enum StopReason: Sendable, Hashable {
        /// A token of the stop set was sampled (it is not passed to `onToken`).
        case stopToken(Int32)
        /// `maxTokens` tokens were generated.
        case maxTokens
        /// `onToken` returned false.
        case stoppedByCaller
        /// The sampler had nothing to choose (an empty mask).
        case noCandidate
    }

    /// Streams a continuation of `prompt`: evaluates it (reusing the cached prefix), then samples
    /// and appends up to `maxTokens` tokens, calling `onToken` with each.
    ///
    /// ```swift
    /// var sampler = Sampler(.greedy)
    /// try context.generate(prompt: ids, maxTokens: 64, sampler: &sampler,
    ///                      stopTokens: tokenizer.endOfGenerationTokenIDs) { token in
    ///     print(detokenizer.append(token), terminator: ""); return true
    /// }
    /// ```
    ///
    /// The final token is passed to `onToken` but not evaluated (nothing would read its logits).
    /// - returns: why generation stopped.
    /// - throws: `InferenceError` (`.cancelled` within one token of the task's cancellation,
    ///   `.contextOverflow` when the context fills up), or what `onToken` throws.
    @discardableResult
    public func generate(prompt: [Int32], maxTokens: Int, sampler: inout Sampler, stopTokens: Set<Int32> = [],
                         allowed: TokenBitmask? = nil, onToken: (Int32) throws -> Bool) throws -> StopReason {
        try evaluate(prompt)
        var produced = 0
        while produced < maxTokens {
            if Task.isCancelled { throw InferenceError.cancelled }
            let token = sampler.sample(from: self, allowed: allowed)
            if token < 0 { return .noCandidate }
            if stopTokens.contains(token) { return .stopToken(token) }
            produced += 1
            guard try onToken(token) else { return .stoppedByCaller }
            if produced == maxTokens { break }
            try append(token)
        }
        return .maxTokens
    }
}
