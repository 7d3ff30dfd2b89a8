import ArgumentParsing
import Foundation
import JSONCore
import LocalInference

/// `fm bench concurrent`: aggregate and per-sequence decode speed of K sequences decoding at
/// once on one model, with continuous batching (one forward pass per step for all of them, as
/// sessions and `fm serve` decode) and without (each sequence its own passes, taking turns on
/// the model's worker pool, as before batching), side by side in one run.
struct ConcurrentBenchCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "concurrent",
            abstract: "Measure decode tokens/s of several sequences at once, batched and not.",
            discussion: """
                For each count K of --sequences, K threads each prefill their own prompt (a P-token
                passage, from a different offset per sequence), then all decode G tokens greedily at
                once: through the model's decode batcher (one pass per step for every ready sequence),
                and again with each sequence running its own passes. Prints the aggregate decode
                tokens/s (K x G over the wall time), the mean per-sequence tokens/s, the mean batch and
                the tokens per second of the process's CPU time (steadier than wall time on a shared
                machine), median of R runs after one warm-up. Run it from a release build.
                """)
    }

    @Option(help: "Comma-separated sequence counts.", valueName: "k,k,...")
    var sequences = "1,2,4,8"
    @Option(help: "Prompt length in tokens, per sequence.", valueName: "p")
    var promptTokens = 64
    @Option(help: "Tokens each sequence decodes.", valueName: "g")
    var genTokens = 64
    @Option(help: "Measured runs per count.", valueName: "r")
    var runs = 3
    @Option(help: "The most sequences one batched pass advances.", valueName: "n")
    var maxBatch = DecodeBatcher.defaultMaximumBatchSize
    @Flag(help: "Print one JSON object instead of a table.")
    var json = false
    @OptionGroup var model: ModelOptions
    @OptionGroup var threadOptions: ThreadOptions

    var threads: Int { threadOptions.threads ?? ProcessInfo.processInfo.activeProcessorCount }

    /// The counts of `--sequences`, or nil when it is not a list of numbers in 1...64.
    var counts: [Int]? {
        let values = sequences.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !values.isEmpty, values.allSatisfy({ $0.map { (1...64).contains($0) } ?? false }) else { return nil }
        return values.compactMap { $0 }
    }

    func validate() throws {
        guard counts != nil else { throw UsageError("--sequences must be comma-separated counts in 1...64, got '\(sequences)'") }
        guard (1...4096).contains(promptTokens) else { throw UsageError("--prompt-tokens must be in 1...4096, got \(promptTokens)") }
        guard (1...4096).contains(genTokens) else { throw UsageError("--gen-tokens must be in 1...4096, got \(genTokens)") }
        guard (1...100).contains(runs) else { throw UsageError("--runs must be in 1...100, got \(runs)") }
        guard (1...64).contains(maxBatch) else { throw UsageError("--max-batch must be in 1...64, got \(maxBatch)") }
    }

    /// One measurement: K sequences decoding at once.
    struct Measurement {
        var aggregate: Double
        var perSequence: Double
        var meanBatch: Double
        /// Tokens per second of this process's CPU time (every thread's) while decoding: what a
        /// token costs, less sensitive than wall time to other processes on the machine.
        var perCPUSecond: Double
    }

    func run() async throws {
        let url = try model.url()
        let languageModel = try await ModelLoadProgress.load(url) { try LanguageModel(contentsOf: url, threads: threads) }
        guard promptTokens + genTokens + 1 <= languageModel.trainedContextLength else {
            throw UsageError("--prompt-tokens + --gen-tokens exceed the model's context (\(languageModel.trainedContextLength))")
        }
        // Different text per sequence: the passage from a different offset.
        let passage = EngineBenchCommand.promptTokens(languageModel.tokenizer, count: promptTokens + 64 * 8)
        let prompts = (0..<64).map { index in Array(passage.dropFirst((index % 8) * 64).prefix(promptTokens)) }
        var rows: [(count: Int, batched: Measurement, alone: Measurement)] = []
        for count in counts ?? [] {
            var batched: [Measurement] = [], alone: [Measurement] = []
            for run in 0...runs {
                let b = try await measure(languageModel, prompts: Array(prompts.prefix(count)), batching: true)
                let a = try await measure(languageModel, prompts: Array(prompts.prefix(count)), batching: false)
                if run > 0 {  // run 0 warms up
                    batched.append(b)
                    alone.append(a)
                }
            }
            rows.append((count, median(batched), median(alone)))
        }
        let single = rows.first { $0.count == 1 }?.batched.aggregate
        if json {
            let objects: [JSONValue] = rows.map { row in
                .object([
                    "sequences": JSONOutput.number(row.count),
                    "batched_aggregate_tokens_per_second": JSONOutput.number(row.batched.aggregate),
                    "batched_per_sequence_tokens_per_second": JSONOutput.number(row.batched.perSequence),
                    "batched_mean_batch": JSONOutput.number(row.batched.meanBatch),
                    "batched_tokens_per_cpu_second": JSONOutput.number(row.batched.perCPUSecond),
                    "unbatched_tokens_per_cpu_second": JSONOutput.number(row.alone.perCPUSecond),
                    "unbatched_aggregate_tokens_per_second": JSONOutput.number(row.alone.aggregate),
                    "unbatched_per_sequence_tokens_per_second": JSONOutput.number(row.alone.perSequence),
                ])
            }
            JSONOutput.write(.object([
                "model": .string(url.lastPathComponent), "threads": JSONOutput.number(threads),
                "prompt_tokens": JSONOutput.number(promptTokens), "gen_tokens": JSONOutput.number(genTokens),
                "max_batch": JSONOutput.number(maxBatch), "runs": .array(objects),
            ]))
            return
        }
        Terminal.line("model \(url.lastPathComponent), \(threads) threads, \(promptTokens)-token prompts, \(genTokens) tokens per sequence, max batch \(maxBatch), median of \(runs) runs")
        Terminal.line("            ------------------ batched -----------------   ------- unbatched -------")
        Terminal.line("sequences   total tok/s  per seq  batch     x1  tok/CPU-s   total tok/s  per seq  tok/CPU-s   batched/unbatched")
        for row in rows {
            let scale = single.map { String(format: "%5.2fx", row.batched.aggregate / $0) } ?? "     -"
            Terminal.line(String(format: "%9d   %11.1f  %7.1f  %5.2f ", row.count, row.batched.aggregate, row.batched.perSequence, row.batched.meanBatch)
                + scale + String(format: "  %9.1f   %11.1f  %7.1f  %9.1f   %6.2fx", row.batched.perCPUSecond, row.alone.aggregate,
                                 row.alone.perSequence, row.alone.perCPUSecond, row.batched.aggregate / row.alone.aggregate))
        }
    }

    /// Prefills each prompt on its own thread, then decodes `genTokens` greedily on all at once.
    private func measure(_ model: LanguageModel, prompts: [[Int32]], batching: Bool) async throws -> Measurement {
        let batcher = DecodeBatcher(model: model, maximumBatchSize: batching ? maxBatch : 1)
        let start = StartLine(count: prompts.count)
        let length = promptTokens + genTokens + 1, steps = genTokens
        let seconds = try await Self.onThreads(prompts.count) { index in
            let context = try InferenceContext(model: model, contextLength: length)
            var sampler = Sampler(.greedy)
            try context.evaluate(prompts[index])
            var token = sampler.sample(from: context, allowed: nil)
            if batching { batcher.join(context) }
            start.arriveAndWait()
            let began = ContinuousClock.now
            for _ in 0..<steps {
                if batching {
                    try batcher.append(token, to: context, computingLogits: true)
                } else {
                    try context.append(token)
                }
                token = sampler.sample(from: context, allowed: nil)
            }
            if batching { batcher.leave(context) }
            return (began, ContinuousClock.now)
        }
        let wall = (seconds.map(\.1).max() ?? .now) - (seconds.map(\.0).min() ?? .now)
        let perSequence = seconds.map { Double(steps) / ($0.1 - $0.0).seconds }.reduce(0, +) / Double(prompts.count)
        let statistics = batcher.statistics
        let cpu = Self.processCPUSeconds() - start.releasedAtCPUSeconds
        return Measurement(aggregate: Double(prompts.count * steps) / wall.seconds, perSequence: perSequence,
                           meanBatch: batching ? Double(statistics.steps) / Double(max(1, statistics.passes)) : 1,
                           perCPUSecond: Double(prompts.count * steps) / max(cpu, 1e-6))
    }

    /// User and system CPU time of every thread of this process so far.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
        let who = RUSAGE_SELF.rawValue  // an enum in Glibc's header, an Int32 elsewhere
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) * 1e-6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    private func median(_ values: [Measurement]) -> Measurement {
        func middle(_ key: KeyPath<Measurement, Double>) -> Double {
            let sorted = values.map { $0[keyPath: key] }.sorted()
            return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        }
        return Measurement(aggregate: middle(\.aggregate), perSequence: middle(\.perSequence), meanBatch: middle(\.meanBatch),
                           perCPUSecond: middle(\.perCPUSecond))
    }

    /// Runs `body(i)` for each i in 0..<count on a thread of its own (decode blocks its thread).
    private static func onThreads<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) throws -> T) async throws -> [T] {
        let results = ResultBox<T>(count: count)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let group = DispatchGroup()
            for index in 0..<count {
                group.enter()
                Thread.detachNewThread {
                    results.set(index, Result { try body(index) })
                    group.leave()
                }
            }
            group.notify(queue: .global()) { continuation.resume() }
        }
        return try results.values()
    }
}

/// Holds every thread of a measurement until all have prefilled, so decode starts together.
private final class StartLine: @unchecked Sendable {
    // @unchecked Sendable: `arrived` is guarded by `condition`.
    private let condition = NSCondition()
    private let count: Int
    private var arrived = 0
    private var released = 0.0

    init(count: Int) { self.count = count }

    /// The process's CPU time when the last thread arrived.
    var releasedAtCPUSeconds: Double {
        condition.lock()
        defer { condition.unlock() }
        return released
    }

    func arriveAndWait() {
        condition.lock()
        defer { condition.unlock() }
        arrived += 1
        if arrived == count { released = ConcurrentBenchCommand.processCPUSeconds() }
        condition.broadcast()
        while arrived < count { condition.wait() }
    }
}

/// The threads' results, each written once by its thread.
private final class ResultBox<T: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `results` is guarded by `lock`.
    private let lock = NSLock()
    private var results: [Result<T, any Error>?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<T, any Error>) {
        lock.withLock { results[index] = result }
    }

    func values() throws -> [T] {
        try lock.withLock { results }.map { try ($0 ?? .failure(CancellationError())).get() }
    }
}
