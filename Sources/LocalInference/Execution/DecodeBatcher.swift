import Foundation

/// Runs the decode steps of many sequences on one model as shared forward passes (continuous
/// batching): each pass advances every sequence that is ready, one row per sequence.
///
/// ```swift
/// let batcher = DecodeBatcher(model: model)
/// // on each sequence's own thread, after sampling `token` from `context`:
/// try batcher.append(token, to: context, computingLogits: true)
/// // ... and when that sequence stops decoding (its turn ended, or it prefills):
/// batcher.leave(context)
/// ```
///
/// Decode is memory-bound: a step of one sequence reads every weight to produce one row, so K
/// sequences in one pass (each weight block read once, K rows per product) cost far less than K
/// passes. Each row is bit-identical to that sequence's step run alone
/// (`InferenceContext.append`): the products run in the one-token kernels' order and attention
/// runs per sequence against its own cache.
///
/// How a pass is formed, with no thread of its own: a caller queues its step and waits; the
/// first waiting caller that finds the batch ready runs the pass for every queued step (up to
/// ``maximumBatchSize``) while the others wait, then wakes them. The batch is ready when every
/// sequence decoding on the batcher has queued its next step, when ``maximumBatchSize`` steps
/// are queued, or ``gatherTimeout`` after the first step was queued (a sequence busy elsewhere
/// is then no longer waited for, until it queues again). So one sequence alone never waits, a
/// sequence joining waits at most one pass, and a sequence that stops without ``leave(_:)``
/// delays the others once, by the timeout. Waiting blocks on a condition; nothing spins.
///
/// Sampling, masks and everything else per sequence stay with the caller: the batcher only
/// evaluates tokens. Prefill and multi-token extensions run on the context directly, taking
/// turns with batched passes on the model's worker pool.
///
/// - Note: The callers' threads block while they wait, so call it from threads that may block
///   (the local executor's engine threads), not from the Swift concurrency pool.
package final class DecodeBatcher {
    package let model: LanguageModel
    /// The most sequences one pass advances.
    package let maximumBatchSize: Int
    /// How long a queued step waits for the other decoding sequences before its pass runs
    /// without them.
    package let gatherTimeout: Duration

    /// Guards every property below it but `pass`, `hiddenRows` and `logitRows`, which only
    /// the thread running a pass touches (`isRunning` is set for exactly one thread at a time).
    private let condition = NSCondition()
    /// Steps waiting for a pass, in arrival order.
    private var queued: [Step] = []
    /// The sequences decoding on the batcher: those a pass waits for.
    private var members: Set<ObjectIdentifier> = []
    /// When the oldest queued step began waiting for the others.
    private var gatherStart: Date?
    private var isRunning = false
    private var counters = Statistics(passes: 0, steps: 0)

    private let pass: ForwardPass
    /// Final hidden states of the pass's rows, [maximumBatchSize][d].
    private let hiddenRows: UnsafeMutablePointer<Float>
    /// Full logits of the rows that asked for them, [maximumBatchSize][vocabulary].
    private let logitRows: UnsafeMutablePointer<Float>

    /// Batch size when the `FM_DECODE_BATCH` environment variable does not set one.
    package static let defaultMaximumBatchSize = 8
    /// Long enough for the sequences of a pass to sample their next tokens (a full-vocabulary
    /// top-p sort takes a few milliseconds), short next to a pass of a large model.
    package static let defaultGatherTimeout = Duration.milliseconds(10)

    /// `FM_DECODE_BATCH` when it is a number in 1...64 (1 turns batching off: every pass runs
    /// one sequence), else ``defaultMaximumBatchSize``.
    package static var configuredMaximumBatchSize: Int {
        if let value = ProcessInfo.processInfo.environment["FM_DECODE_BATCH"], let size = Int(value), (1...64).contains(size) {
            return size
        }
        return defaultMaximumBatchSize
    }

    /// Creates a batcher for the sequences of `model`.
    /// - parameter maximumBatchSize: the most sequences per pass, clamped to 1...64.
    /// - parameter gatherTimeout: how long a ready step waits for the other decoding sequences.
    package init(model: LanguageModel, maximumBatchSize: Int = DecodeBatcher.defaultMaximumBatchSize,
                 gatherTimeout: Duration = DecodeBatcher.defaultGatherTimeout) {
        self.model = model
        self.maximumBatchSize = max(1, min(maximumBatchSize, 64))
        self.gatherTimeout = max(.zero, gatherTimeout)
        let hp = model.hyperparameters
        pass = ForwardPass(hp: hp, weights: model.weights, maxBatch: self.maximumBatchSize)
        hiddenRows = .allocate(capacity: self.maximumBatchSize * hp.embeddingLength)
        logitRows = .allocate(capacity: self.maximumBatchSize * hp.vocabularySize)
    }

    deinit {
        hiddenRows.deallocate()
        logitRows.deallocate()
    }

    /// Passes run and steps they advanced, since creation: `steps / passes` is the mean batch.
    package struct Statistics: Sendable, Hashable {
        package var passes: Int
        package var steps: Int
    }

    package var statistics: Statistics {
        condition.lock()
        defer { condition.unlock() }
        return counters
    }

    /// Evaluates `token` after what `context` holds, in a pass shared with the other sequences
    /// ready at the same time; returns once it is evaluated. The context is then exactly as
    /// after `context.append(token)`, down to the bits of its logits.
    ///
    /// - parameter computingLogits: also compute the full-vocabulary logits in the pass (one
    ///   product over the output head for every row that asks), for callers that will read
    ///   them: sampling without a mask, or with a dense one. Others compute what they need later.
    /// - throws: ``InferenceError/contextOverflow(needed:limit:)`` when the cache is full,
    ///   ``InferenceError/tokenOutOfRange(token:vocabularySize:)``, before queuing;
    ///   ``InferenceError/cancelled`` when the task is cancelled before its pass starts.
    package func append(_ token: Int32, to context: InferenceContext, computingLogits: Bool) throws {
        try context.checkAppendable(token)
        precondition(context.model === model, "DecodeBatcher.append: the context belongs to another model")
        let step = Step(context: context, token: token, wantsLogits: computingLogits)
        condition.lock()
        defer { condition.unlock() }
        members.insert(step.sequence)
        queued.append(step)
        if gatherStart == nil { gatherStart = Date() }
        condition.broadcast()  // a caller gathering may now have every member
        while !step.isDone {
            if !isRunning, Task.isCancelled, let index = queued.firstIndex(where: { $0 === step }) {
                queued.remove(at: index)
                members.remove(step.sequence)
                if queued.isEmpty { gatherStart = nil }
                condition.broadcast()
                throw InferenceError.cancelled
            }
            if isRunning {
                condition.wait()
                continue
            }
            let now = Date()
            let deadline = (gatherStart ?? now).addingTimeInterval(gatherTimeout.seconds)
            let everyoneQueued = members.count <= queued.count
            guard queued.count >= maximumBatchSize || everyoneQueued || now >= deadline else {
                _ = condition.wait(until: deadline)
                continue
            }
            if !everyoneQueued && queued.count < maximumBatchSize {
                // Timed out: stop waiting for members that did not queue, until they do.
                members = Set(queued.map(\.sequence))
            }
            let batch = Array(queued.prefix(maximumBatchSize))
            queued.removeFirst(batch.count)
            // Steps left over have waited a whole pass already; they gather anew from its end.
            gatherStart = nil
            isRunning = true
            condition.unlock()
            run(batch)
            condition.lock()
            for done in batch { done.isDone = true }
            counters.passes += 1
            counters.steps += batch.count
            isRunning = false
            if !queued.isEmpty { gatherStart = Date() }
            condition.broadcast()
        }
    }

    /// One decode step of every sequence in `steps` as a single forward pass, from the calling
    /// thread (the engine's batched step; ``append(_:to:computingLogits:)`` forms these batches
    /// from many threads). Each context ends exactly as after `context.append(token)`.
    ///
    /// - parameter computingLogits: also compute every row's full-vocabulary logits.
    /// - precondition: at most ``maximumBatchSize`` steps, each of a different context of this model.
    /// - throws: ``InferenceError/contextOverflow(needed:limit:)`` when a context is full,
    ///   ``InferenceError/tokenOutOfRange(token:vocabularySize:)``; nothing runs then.
    package func step(_ steps: [(context: InferenceContext, token: Int32)], computingLogits: Bool) throws {
        precondition(steps.count <= maximumBatchSize, "DecodeBatcher.step: \(steps.count) steps, at most \(maximumBatchSize)")
        for (context, token) in steps {
            try context.checkAppendable(token)
            precondition(context.model === model, "DecodeBatcher.step: a context belongs to another model")
        }
        precondition(Set(steps.map { ObjectIdentifier($0.context) }).count == steps.count,
                     "DecodeBatcher.step: one context appears twice")
        guard !steps.isEmpty else { return }
        condition.lock()
        while isRunning { condition.wait() }
        isRunning = true
        condition.unlock()
        run(steps.map { Step(context: $0.context, token: $0.token, wantsLogits: computingLogits) })
        condition.lock()
        counters.passes += 1
        counters.steps += steps.count
        isRunning = false
        condition.broadcast()
        condition.unlock()
    }

    /// Says that `context` is about to decode: from now on passes wait for its steps (up to
    /// ``gatherTimeout``), so sequences starting together share their first pass too.
    package func join(_ context: InferenceContext) {
        condition.lock()
        defer { condition.unlock() }
        members.insert(ObjectIdentifier(context))
    }

    /// Says that `context` stopped decoding for now (its turn ended, or it is about to prefill),
    /// so passes stop waiting for its next step. It rejoins with its next ``append(_:to:computingLogits:)``.
    package func leave(_ context: InferenceContext) {
        condition.lock()
        defer { condition.unlock() }
        if members.remove(ObjectIdentifier(context)) != nil { condition.broadcast() }
    }

    /// Runs one pass over `batch`; called by exactly one thread at a time (`isRunning`), while
    /// the steps' callers wait, so the contexts are not touched concurrently.
    private func run(_ batch: [Step]) {
        // Rows that want logits first, so the output head runs over one contiguous block.
        let steps = batch.filter(\.wantsLogits) + batch.filter { !$0.wantsLogits }
        let withLogits = batch.count(where: \.wantsLogits)
        let d = model.hyperparameters.embeddingLength, vocabulary = model.hyperparameters.vocabularySize
        let tokens = steps.map(\.token)
        let segments = steps.enumerated().map { row, step in
            ForwardPass.Segment(rows: row..<row + 1, position: step.context.tokens.count, cache: step.context.cache,
                                hidden: hiddenRows + row * d)
        }
        tokens.withUnsafeBufferPointer { tokens in
            model.pool.withPool { pool in
                pass.runStep(pool, tokens: tokens, segments: segments)
                if withLogits > 0 { pass.logits(pool, hiddenRows: hiddenRows, count: withLogits, into: logitRows) }
            }
        }
        for (row, step) in steps.enumerated() {
            step.context.pass.lastHidden.update(from: hiddenRows + row * d, count: d)
            let logits = row < withLogits
                ? Array(UnsafeBufferPointer(start: logitRows + row * vocabulary, count: vocabulary)) : nil
            step.context.didAppendInBatch(step.token, logits: logits)
        }
    }

    /// One queued decode step. Its context is used by the thread running the pass while the
    /// step's own caller waits for `isDone` (under the batcher's condition).
    private final class Step {
        let context: InferenceContext
        let token: Int32
        let wantsLogits: Bool
        var isDone = false

        init(context: InferenceContext, token: Int32, wantsLogits: Bool) {
            self.context = context
            self.token = token
            self.wantsLogits = wantsLogits
        }

        var sequence: ObjectIdentifier { ObjectIdentifier(context) }
    }
}

// @unchecked Sendable: every mutable property is guarded by `condition`, except the pass's
// scratch memory, which only the one thread that set `isRunning` uses until it clears it; the
// contexts a pass touches belong to callers blocked until their step is done.
extension DecodeBatcher: @unchecked Sendable {}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    fileprivate var seconds: TimeInterval {
        TimeInterval(components.seconds) + TimeInterval(components.attoseconds) * 1e-18
    }
}
