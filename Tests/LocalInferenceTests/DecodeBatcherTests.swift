import Foundation
import Synchronization
import Testing
@testable import LocalInference

/// `DecodeBatcher`: K sequences advanced by one forward pass produce exactly (bit for bit) the
/// logits each produces alone, on synthetic models of every architecture and weight type and on
/// the real default model; the scheduler forms real batches from many threads, and a sequence
/// that stops or is cancelled does not hold up the others.
@Suite("DecodeBatcher") struct DecodeBatcherTests {
    /// Prompts of different lengths, so the sequences of a batch sit at different positions.
    static let prompts: [[Int32]] = [[1, 5, 9], [1, 33, 17, 60, 4, 4, 21], [1, 50], [1, 3, 12, 40, 41], [1, 7, 7, 7, 7, 7, 7, 7, 30]]

    @Test(arguments: 0..<SyntheticForwardTests.variants.count)
    func batchedStepsAreBitIdenticalToSteppingAlone(variant: Int) throws {
        let (arch, type) = SyntheticForwardTests.variants[variant]
        let model = try SyntheticModel(architecture: arch, weightType: type).load()
        let batcher = DecodeBatcher(model: model, maximumBatchSize: 8)
        let alone = try Self.prompts.map { _ in try InferenceContext(model: model, contextLength: 32) }
        let batched = try Self.prompts.map { _ in try InferenceContext(model: model, contextLength: 32) }
        for (index, prompt) in Self.prompts.enumerated() {
            try alone[index].evaluate(prompt)
            try batched[index].evaluate(prompt)
        }
        for step in 0..<8 {
            // Every sequence but the first on odd steps: batches of 5 and 4 rows (the products'
            // multi-row kernels start at 4), at positions that drift apart.
            let members = Self.prompts.indices.filter { step % 2 == 0 || $0 != 0 }
            var steps: [(context: InferenceContext, token: Int32)] = []
            for index in members {
                let token = Self.greedy(batched[index].logits())
                steps.append((batched[index], token))
                try alone[index].append(token)
            }
            // Logits computed in the pass on even steps, later on demand on odd ones.
            try batcher.step(steps, computingLogits: step % 2 == 0)
            for index in members {
                #expect(batched[index].tokens == alone[index].tokens)
                #expect(Self.bits(batched[index].logits()) == Self.bits(alone[index].logits()),
                        "\(arch) \(type) sequence \(index) step \(step)")
                let candidates: [Int32] = [0, 3, 17, 63]
                #expect(Self.bits(batched[index].logits(for: candidates)) == Self.bits(alone[index].logits(for: candidates)))
            }
        }
        #expect(batcher.statistics == DecodeBatcher.Statistics(passes: 8, steps: 36))
    }

    @Test func aStepThatDoesNotFitThrowsBeforeAnythingRuns() throws {
        let model = try SyntheticModel(architecture: .llama, weightType: .q8_0).load()
        let batcher = DecodeBatcher(model: model)
        let full = try InferenceContext(model: model, contextLength: 2)
        try full.evaluate([1, 5])
        let other = try InferenceContext(model: model, contextLength: 8)
        try other.evaluate([1, 5])
        #expect(throws: InferenceError.contextOverflow(needed: 3, limit: 2)) {
            try batcher.step([(other, 9), (full, 9)], computingLogits: true)
        }
        #expect(throws: InferenceError.tokenOutOfRange(token: 64, vocabularySize: 64)) {
            try batcher.append(64, to: other, computingLogits: true)
        }
        #expect(other.tokens == [1, 5])
        #expect(batcher.statistics.passes == 0)
    }

    /// Greedy decoding from several threads at once through the scheduler: every sequence
    /// writes what it writes alone, and passes really carry several sequences.
    @Test func threadsDecodingTogetherShareBatchedPasses() async throws {
        let model = try SyntheticModel(architecture: .llama, weightType: .q4_1).load()
        let steps = 12
        let expected = try Self.prompts.map { try Self.decodeAlone(model: model, prompt: $0, steps: steps) }
        let batcher = DecodeBatcher(model: model, maximumBatchSize: 4, gatherTimeout: .seconds(5))
        let start = Barrier(count: Self.prompts.count)
        let results = try await Self.onThreads(Self.prompts.count) { index in
            try Self.decode(batcher: batcher, prompt: Self.prompts[index], steps: steps, start: start)
        }
        for index in Self.prompts.indices {
            #expect(results[index].tokens == expected[index].tokens, "sequence \(index)")
            #expect(results[index].logits == expected[index].logits, "sequence \(index)")
        }
        let statistics = batcher.statistics
        #expect(statistics.steps == Self.prompts.count * steps)
        // Five sequences, at most four per pass: never fewer than two passes per step round,
        // and with every member waited for, far fewer passes than steps.
        #expect(statistics.passes < statistics.steps * 3 / 4, "\(statistics)")
    }

    /// A sequence that stops stepping without `leave` is waited for once, by the gather
    /// timeout; one that leaves is not waited for at all. Either way the others finish.
    @Test func aSequenceThatStopsDoesNotHoldUpTheOthers() async throws {
        let model = try SyntheticModel(architecture: .llama, weightType: .q8_0).load()
        let batcher = DecodeBatcher(model: model, maximumBatchSize: 8, gatherTimeout: .milliseconds(50))
        let results = try await Self.onThreads(3) { index in
            // Sequence 0 stops after 2 steps silently, sequence 1 after 3 with `leave`.
            let steps = [2, 3, 16][index]
            return try Self.decode(batcher: batcher, prompt: Self.prompts[index], steps: steps, leaves: index == 1)
        }
        #expect(results.map(\.tokens.count) == [3 + 2, 7 + 3, 2 + 16])
        #expect(batcher.statistics.steps == 21)
    }

    /// A cancelled task's queued step is withdrawn with `InferenceError.cancelled`.
    @Test func aCancelledTaskDoesNotQueue() async throws {
        let model = try SyntheticModel(architecture: .llama, weightType: .q8_0).load()
        let batcher = DecodeBatcher(model: model)
        let context = try InferenceContext(model: model, contextLength: 8)
        try context.evaluate([1, 5])
        let box = Unchecked((batcher, context))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return Result { try box.value.0.append(9, to: box.value.1, computingLogits: true) }
        }
        let result = await task.value
        #expect(throws: InferenceError.cancelled) { try result.get() }
        #expect(context.tokens == [1, 5])
        #expect(batcher.statistics.passes == 0)
    }

    /// On the default model: four sequences batched from four threads, greedy, produce the
    /// tokens and final logits each produces alone.
    @Test func realModelBatchedDecodeMatchesDecodingAlone() async throws {
        let model = try LanguageModel(file: TestModels.file(TestModels.smolLM2), threads: 2)
        let texts = ["The capital of France is", "Once upon a time, in a small village,",
                     "def fibonacci(n):", "Three primary colors are"]
        let prompts = texts.map { model.tokenizer.encode($0) }
        let steps = 10
        let expected = try prompts.map { try Self.decodeAlone(model: model, prompt: $0, steps: steps) }
        let batcher = DecodeBatcher(model: model, maximumBatchSize: 8, gatherTimeout: .seconds(5))
        let start = Barrier(count: prompts.count)
        let results = try await Self.onThreads(prompts.count) { index in
            try Self.decode(batcher: batcher, prompt: prompts[index], steps: steps, start: start)
        }
        for index in prompts.indices {
            #expect(results[index].tokens == expected[index].tokens, "sequence \(index)")
            #expect(results[index].logits == expected[index].logits, "sequence \(index)")
        }
        let statistics = batcher.statistics
        #expect(statistics.steps == prompts.count * steps)
        #expect(statistics.passes < statistics.steps / 2, "\(statistics)")
    }

    // MARK: - Helpers

    struct Decoded: Sendable {
        var tokens: [Int32]
        /// Bit patterns of the last position's logits.
        var logits: [UInt32]
    }

    static func decodeAlone(model: LanguageModel, prompt: [Int32], steps: Int) throws -> Decoded {
        let context = try InferenceContext(model: model, contextLength: prompt.count + steps + 1)
        try context.evaluate(prompt)
        for _ in 0..<steps { try context.append(greedy(context.logits())) }
        return Decoded(tokens: context.tokens, logits: bits(context.logits()))
    }

    /// Decodes greedily through `batcher` after evaluating `prompt` alone; with a `start`
    /// barrier, joins the batch and waits there until every thread has prefilled.
    static func decode(batcher: DecodeBatcher, prompt: [Int32], steps: Int, leaves: Bool = true,
                       start: Barrier? = nil) throws -> Decoded {
        let context = try InferenceContext(model: batcher.model, contextLength: prompt.count + steps + 1)
        try context.evaluate(prompt)
        if let start {
            batcher.join(context)
            start.arriveAndWait()
        }
        for _ in 0..<steps { try batcher.append(greedy(context.logits()), to: context, computingLogits: true) }
        if leaves { batcher.leave(context) }
        return Decoded(tokens: context.tokens, logits: bits(context.logits()))
    }

    static func greedy(_ logits: [Float]) -> Int32 {
        Int32(logits.indices.max { logits[$0] < logits[$1] || (logits[$0] == logits[$1] && $0 > $1) } ?? 0)
    }

    static func bits(_ values: [Float]) -> [UInt32] { values.map(\.bitPattern) }

    /// Runs `body(i)` for i in 0..<count, each on a thread of its own (the batcher blocks its
    /// callers, as the engine threads of sessions block), and returns the results in order.
    static func onThreads<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) throws -> T) async throws -> [T] {
        let results = Mutex<[Int: Result<T, any Error>]>([:])
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let group = DispatchGroup()
            for index in 0..<count {
                group.enter()
                Thread.detachNewThread {
                    let result = Result { try body(index) }
                    results.withLock { $0[index] = result }
                    group.leave()
                }
            }
            group.notify(queue: .global()) { continuation.resume() }
        }
        let all = results.withLock { $0 }
        return try (0..<count).map { try all[$0]!.get() }
    }
}

/// Blocks each of `count` threads in ``arriveAndWait()`` until all have arrived.
final class Barrier: @unchecked Sendable {
    // @unchecked Sendable: `arrived` is guarded by `condition`.
    private let condition = NSCondition()
    private let count: Int
    private var arrived = 0

    init(count: Int) { self.count = count }

    func arriveAndWait() {
        condition.lock()
        defer { condition.unlock() }
        arrived += 1
        condition.broadcast()
        while arrived < count { condition.wait() }
    }
}

/// Hands a non-Sendable value to one other task that alone uses it.
final class Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
