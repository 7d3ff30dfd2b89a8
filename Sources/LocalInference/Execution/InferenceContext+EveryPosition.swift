extension InferenceContext {
    /// Evaluates `tokens` from position 0 as one batch and returns the logits of every
    /// position, [position][vocabulary].
    ///
    /// This is how llama.cpp computes teacher-forced logits (one batch, logits kept for every
    /// position), so comparisons with it use the same kernels and summation orders. The cache
    /// then holds `tokens`, as after `evaluate(tokens)`.
    /// - throws: ``InferenceError/emptyInput``, ``InferenceError/contextOverflow(needed:limit:)``
    ///   when `tokens` exceeds the context or one forward batch,
    ///   ``InferenceError/tokenOutOfRange(token:vocabularySize:)``.
    package func logitsAtEveryPosition(_ tokens: [Int32]) throws -> [[Float]] {
        guard !tokens.isEmpty else { throw InferenceError.emptyInput }
        let limit = min(contextLength, pass.maxBatch)
        guard tokens.count <= limit else { throw InferenceError.contextOverflow(needed: tokens.count, limit: limit) }
        let vocabulary = model.vocabularySize
        if let bad = tokens.first(where: { $0 < 0 || Int($0) >= vocabulary }) {
            throw InferenceError.tokenOutOfRange(token: bad, vocabularySize: vocabulary)
        }
        truncate(to: 0)
        run(tokens[...], position: 0, everyPosition: true)
        var all = [Float](repeating: 0, count: tokens.count * vocabulary)
        all.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            model.pool.withPool { pool in pass.logitsForEveryToken(pool, tokens: tokens.count, into: base) }
        }
        return (0..<tokens.count).map { Array(all[$0 * vocabulary ..< ($0 + 1) * vocabulary]) }
    }
}
