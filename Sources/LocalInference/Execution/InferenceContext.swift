import Foundation

/// One conversation's state on a `LanguageModel`: a KV cache of bounded length and the logits
/// of its last position.
///
/// ```swift
/// let context = try InferenceContext(model: model, contextLength: 4096)
/// try context.evaluate(promptTokens)        // batched prefill, reusing the cached prefix
/// try context.append(next)                  // one decode step
/// let scores = context.logits()             // last position, whole vocabulary
/// ```
///
/// Not `Sendable`: use it from one task at a time. Its memory is bounded at creation; a
/// sequence that does not fit throws ``InferenceError/contextOverflow(needed:limit:)``.
public final class InferenceContext {
    public let model: LanguageModel
    /// Positions the cache holds.
    public let contextLength: Int
    /// Exactly what the KV cache holds, in order.
    public private(set) var tokens: [Int32] = []

    /// Tokens run through the forward pass since creation (prefix reuse makes this smaller
    /// than the tokens evaluated).
    package private(set) var evaluatedTokenCount = 0

    let cache: KVCache
    let pass: ForwardPass
    /// Full-vocabulary logits of the last position, computed on first request.
    private var cachedLogits: [Float]?
    /// Whether `pass.lastHidden` belongs to the last token of `tokens`.
    private var hasHidden = false

    /// Tokens per forward batch during prefill.
    static let maxBatch = 512

    /// Creates a context with room for `contextLength` tokens.
    /// - throws: ``InferenceError/invalidContextLength(requested:limit:)`` unless
    ///   `1 <= contextLength <= model.trainedContextLength`.
    public init(model: LanguageModel, contextLength: Int) throws {
        let limit = model.trainedContextLength
        guard contextLength >= 1, contextLength <= limit else {
            throw InferenceError.invalidContextLength(requested: contextLength, limit: limit)
        }
        self.model = model
        self.contextLength = contextLength
        let hp = model.hyperparameters
        cache = KVCache(layers: hp.layerCount, capacity: contextLength, rowLength: hp.kvDimension)
        pass = ForwardPass(hp: hp, weights: model.weights, maxBatch: min(Self.maxBatch, contextLength))
    }

    /// Makes the cache hold `tokens`, reusing the longest common prefix with what it holds and
    /// evaluating only the rest, in batches. Afterwards the logits of the last position are
    /// available.
    ///
    /// - throws: ``InferenceError/contextOverflow(needed:limit:)`` if `tokens` does not fit,
    ///   ``InferenceError/tokenOutOfRange(token:vocabularySize:)``, ``InferenceError/emptyInput``,
    ///   or ``InferenceError/cancelled`` if the task is cancelled between batches (the cache
    ///   then holds the prefix evaluated so far).
    public func evaluate(_ tokens: [Int32]) throws {
        guard !tokens.isEmpty else { throw InferenceError.emptyInput }
        guard tokens.count <= contextLength else {
            throw InferenceError.contextOverflow(needed: tokens.count, limit: contextLength)
        }
        let vocabulary = model.vocabularySize
        if let bad = tokens.first(where: { $0 < 0 || Int($0) >= vocabulary }) {
            throw InferenceError.tokenOutOfRange(token: bad, vocabularySize: vocabulary)
        }
        var common = 0
        let limit = min(tokens.count, self.tokens.count)
        while common < limit && tokens[common] == self.tokens[common] { common += 1 }
        if common == tokens.count && common == self.tokens.count && hasHidden { return }
        // The last position must be run to have its hidden state.
        if common == tokens.count { common -= 1 }
        truncate(to: common)
        var start = common
        while start < tokens.count {
            if Task.isCancelled { throw InferenceError.cancelled }
            let end = min(start + pass.maxBatch, tokens.count)
            run(tokens[start..<end], position: start)
            start = end
        }
    }

    /// Evaluates one more token (a decode step).
    /// - throws: ``InferenceError/contextOverflow(needed:limit:)`` when the cache is full,
    ///   ``InferenceError/tokenOutOfRange(token:vocabularySize:)``.
    public func append(_ token: Int32) throws {
        try checkAppendable(token)
        run([token][...], position: tokens.count)
    }

    /// Checks that one more token may be appended (as ``append(_:)`` does before running it).
    func checkAppendable(_ token: Int32) throws {
        guard tokens.count < contextLength else {
            throw InferenceError.contextOverflow(needed: tokens.count + 1, limit: contextLength)
        }
        guard token >= 0, Int(token) < model.vocabularySize else {
            throw InferenceError.tokenOutOfRange(token: token, vocabularySize: model.vocabularySize)
        }
    }

    /// Records a decode step that a batched pass ran for this context (`DecodeBatcher`): its
    /// key and value are in the cache, its final hidden state in `pass.lastHidden`, and
    /// `logits`, when the pass computed them, are the full-vocabulary logits of that state.
    func didAppendInBatch(_ token: Int32, logits: [Float]?) {
        tokens.append(token)
        evaluatedTokenCount += 1
        hasHidden = true
        cachedLogits = logits
    }

    /// Forgets every position from `count` on (the cache keeps the rest).
    public func truncate(to count: Int) {
        let keep = max(0, min(count, tokens.count))
        if keep < tokens.count {
            tokens.removeSubrange(keep...)
            hasHidden = false
            cachedLogits = nil
        }
    }

    /// Receives every intermediate tensor of later evaluations (see `TensorObserver`); for
    /// comparing numerics with llama.cpp op by op. Leave nil otherwise.
    package var tensorObserver: TensorObserver? {
        get { pass.observer }
        set { pass.observer = newValue }
    }

    /// Evaluates `batch` at `position`; `everyPosition` keeps every position's final hidden
    /// state for `ForwardPass.logitsForEveryToken` (otherwise only the last one's).
    func run(_ batch: ArraySlice<Int32>, position: Int, everyPosition: Bool = false) {
        batch.withUnsafeBufferPointer { buffer in
            model.pool.withPool { pool in
                pass.run(pool, tokens: buffer, position: position, cache: cache, everyPosition: everyPosition)
            }
        }
        tokens.append(contentsOf: batch)
        evaluatedTokenCount += batch.count
        hasHidden = true
        cachedLogits = nil
    }

    /// Logits of the last position over the whole vocabulary (empty before any evaluation).
    /// - Note: The first call after an evaluation runs the output head (the largest matrix of
    ///   small models); later calls return the cached result.
    public func logits() -> [Float] {
        guard hasHidden else { return [] }
        if let cachedLogits { return cachedLogits }
        let count = model.vocabularySize
        let result = [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            model.pool.withPool { pool in
                pass.logits(pool, rows: nil, into: base)
            }
            initialized = count
        }
        cachedLogits = result
        return result
    }

    /// Logits of the last position for `candidates` only, in their order; ids outside the
    /// vocabulary get `-infinity`. Cheap when few tokens are allowed: only those rows of the
    /// output head are read.
    public func logits(for candidates: [Int32]) -> [Float] {
        guard hasHidden else { return [Float](repeating: -.infinity, count: candidates.count) }
        if let cachedLogits {
            return candidates.map { $0 >= 0 && Int($0) < cachedLogits.count ? cachedLogits[Int($0)] : -.infinity }
        }
        let vocabulary = model.vocabularySize
        let valid = candidates.filter { $0 >= 0 && Int($0) < vocabulary }
        if valid.isEmpty { return [Float](repeating: -.infinity, count: candidates.count) }
        var computed = [Float](repeating: 0, count: valid.count)
        valid.withUnsafeBufferPointer { rows in
            computed.withUnsafeMutableBufferPointer { out in
                guard let base = out.baseAddress else { return }
                model.pool.withPool { pool in
                    pass.logits(pool, rows: rows, into: base)
                }
            }
        }
        if valid.count == candidates.count { return computed }
        var result: [Float] = []
        result.reserveCapacity(candidates.count)
        var next = 0
        for id in candidates {
            if id >= 0 && Int(id) < vocabulary {
                result.append(computed[next])
                next += 1
            } else {
                result.append(-.infinity)
            }
        }
        return result
    }
}

@available(*, unavailable) extension InferenceContext: Sendable {}
