import Foundation
import Testing
@testable import LocalInference

/// Max |engine - float reference| relative to the largest reference logit magnitude: the
/// engine quantizes activations to 8 bits before every matrix product.
let maxSyntheticLogitError: Float = 0.03

private let sequence: [Int32] = [1, 5, 9, 33, 17, 60, 4, 4, 21, 50, 3, 12]

@Suite("Forward pass on synthetic models") struct SyntheticForwardTests {
    static let variants: [(ModelArchitecture, GGMLType)] = [
        (.llama, .q4_1), (.llama, .q8_0), (.llama, .q4_0), (.qwen2, .q5_0), (.gemma3, .q4_K), (.gemma3, .q6_K), (.llama, .f16),
    ]

    @Test(arguments: 0..<variants.count)
    func logitsMatchFloatReference(variant: Int) throws {
        let (arch, type) = Self.variants[variant]
        let synthetic = SyntheticModel(architecture: arch, weightType: type)
        let model = try synthetic.load()
        #expect(model.architecture == arch.rawValue)
        let reference = synthetic.referenceLogits(sequence)
        let context = try InferenceContext(model: model, contextLength: 32)
        // Token by token (decode path) and then in one batch (prefill path).
        for (position, token) in sequence.enumerated() {
            try context.append(token)
            let logits = context.logits()
            let scale = reference[position].map(abs).max() ?? 1
            let error = zip(logits, reference[position]).map { abs($0 - $1) }.max() ?? .infinity
            #expect(error <= maxSyntheticLogitError * scale, "\(arch) \(type) position \(position): \(error) vs scale \(scale)")
        }
        let batched = try InferenceContext(model: model, contextLength: 32)
        try batched.evaluate(sequence)
        let last = batched.logits()
        let scale = reference[sequence.count - 1].map(abs).max() ?? 1
        let error = zip(last, reference[sequence.count - 1]).map { abs($0 - $1) }.max() ?? .infinity
        #expect(error <= maxSyntheticLogitError * scale, "\(arch) \(type) batched: \(error)")
    }
}

@Suite("LanguageModel loading errors") struct LanguageModelErrorTests {
    @Test func unsupportedArchitectureIsNamed() {
        let synthetic = SyntheticModel(architecture: .llama, weightType: .q8_0, architectureName: "mamba")
        #expect(throws: LanguageModelError(.unsupportedArchitecture("mamba"), url: URL(fileURLWithPath: "synthetic-llama.gguf"))) {
            try synthetic.load()
        }
    }

    @Test func missingTensorIsNamed() throws {
        let synthetic = SyntheticModel(architecture: .gemma3, weightType: .q8_0, omitting: "blk.1.attn_k_norm.weight")
        let error = try #require(throws: LanguageModelError.self) { try synthetic.load() }
        #expect(error.kind == .missingTensor("blk.1.attn_k_norm.weight"))
        #expect(error.description.contains("synthetic-gemma3.gguf"))
    }
}

@Suite("InferenceContext") struct InferenceContextTests {
    let synthetic = SyntheticModel(architecture: .llama, weightType: .q4_1)

    @Test func prefixReuseEvaluatesOnlyTheSuffixAndMatchesFresh() throws {
        let model = try synthetic.load()
        let a = Array(sequence.prefix(7)), b = Array(sequence.suffix(5))
        let reused = try InferenceContext(model: model, contextLength: 32)
        try reused.evaluate(a)
        let before = reused.evaluatedTokenCount
        try reused.evaluate(a + b)
        #expect(reused.evaluatedTokenCount - before == b.count)
        #expect(reused.tokens == a + b)
        let fresh = try InferenceContext(model: model, contextLength: 32)
        try fresh.evaluate(a + b)
        #expect(reused.logits() == fresh.logits())
        // A diverging suffix rolls back to the common prefix.
        let c: [Int32] = a.prefix(5) + [40, 41]
        let counted = reused.evaluatedTokenCount
        try reused.evaluate(c)
        #expect(reused.evaluatedTokenCount - counted == 2)
        let fresh2 = try InferenceContext(model: model, contextLength: 32)
        try fresh2.evaluate(c)
        #expect(reused.logits() == fresh2.logits())
        // Same tokens again: nothing to run.
        let again = reused.evaluatedTokenCount
        try reused.evaluate(c)
        #expect(reused.evaluatedTokenCount == again)
    }

    @Test func candidateLogitsEqualFullRows() throws {
        let model = try synthetic.load()
        let context = try InferenceContext(model: model, contextLength: 16)
        try context.evaluate(Array(sequence.prefix(4)))
        let candidates: [Int32] = [7, 3, 63, 0, 99, -1]
        let partial = context.logits(for: candidates)
        let full = context.logits()
        #expect(Array(partial.prefix(4)) == [full[7], full[3], full[63], full[0]])
        #expect(partial[4] == -.infinity && partial[5] == -.infinity)
    }

    @Test func contextOverflowIsATypedError() throws {
        let model = try synthetic.load()
        let context = try InferenceContext(model: model, contextLength: 8)
        #expect(throws: InferenceError.contextOverflow(needed: 12, limit: 8)) { try context.evaluate(sequence) }
        try context.evaluate(Array(sequence.prefix(8)))
        #expect(throws: InferenceError.contextOverflow(needed: 9, limit: 8)) { try context.append(3) }
        #expect(context.tokens == Array(sequence.prefix(8)))
        #expect(throws: InferenceError.invalidContextLength(requested: 65, limit: 64)) {
            try InferenceContext(model: model, contextLength: 65)
        }
        #expect(throws: InferenceError.invalidContextLength(requested: 0, limit: 64)) {
            try InferenceContext(model: model, contextLength: 0)
        }
        #expect(throws: InferenceError.tokenOutOfRange(token: 64, vocabularySize: 64)) { try context.evaluate([1, 64]) }
        let roomy = try InferenceContext(model: model, contextLength: 8)
        #expect(throws: InferenceError.tokenOutOfRange(token: -3, vocabularySize: 64)) { try roomy.append(-3) }
        #expect(throws: InferenceError.emptyInput) { try context.evaluate([]) }
    }

    @Test func cancelledTaskStopsEvaluationAndGeneration() async throws {
        let model = try synthetic.load()
        let evaluation = Task { () -> InferenceError? in
            let context = try InferenceContext(model: model, contextLength: 32)
            while !Task.isCancelled { await Task.yield() }
            do { try context.evaluate(sequence) } catch let error as InferenceError { return error }
            return nil
        }
        evaluation.cancel()
        #expect(try await evaluation.value == .cancelled)

        let generation = Task { () -> (Int, InferenceError?) in
            let context = try InferenceContext(model: model, contextLength: 64)
            var sampler = Sampler(.greedy)
            var produced = 0
            do {
                try context.generate(prompt: [1, 5], maxTokens: 40, sampler: &sampler) { _ in
                    produced += 1
                    if produced == 3 { withUnsafeCurrentTask { $0?.cancel() } }
                    return true
                }
            } catch let error as InferenceError {
                return (produced, error)
            }
            return (produced, nil)
        }
        let (produced, error) = try await generation.value
        #expect(produced == 3)
        #expect(error == .cancelled)
    }
}

@Suite("Sampler") struct SamplerTests {
    let synthetic = SyntheticModel(architecture: .llama, weightType: .q8_0)

    @Test func maskIsNeverViolated() throws {
        let model = try synthetic.load()
        let context = try InferenceContext(model: model, contextLength: 16)
        try context.evaluate(Array(sequence.prefix(3)))
        let logits = context.logits()
        let best = argmax(logits)
        // Dense mask: everything but the argmax.
        var dense = TokenBitmask(vocabularySize: model.vocabularySize, allowing: true)
        dense.remove(best)
        var greedy = Sampler(.greedy)
        let second = greedy.sample(from: context, allowed: dense)
        #expect(second != best && dense.contains(second))
        var masked = logits
        masked[Int(best)] = -.infinity
        #expect(second == argmax(masked))
        // Sparse mask (read through logits(for:)): three tokens, not the argmax.
        var sparse = TokenBitmask(vocabularySize: model.vocabularySize, allowing: false)
        let allowed: [Int32] = [(best + 1) % 64, (best + 7) % 64, (best + 30) % 64]
        for id in allowed { sparse.insert(id) }
        #expect(sparse.count == 3)
        #expect(greedy.sample(from: context, allowed: sparse) == allowed.max { logits[Int($0)] < logits[Int($1)] })
        var hot = Sampler(SamplingParameters(temperature: 5, seed: 1))
        for _ in 0..<200 { #expect(sparse.contains(hot.sample(from: context, allowed: sparse))) }
        // Nothing allowed: nothing chosen.
        #expect(greedy.sample(from: context, allowed: TokenBitmask(vocabularySize: 64, allowing: false)) == -1)
    }

    @Test func seededSamplingIsDeterministic() throws {
        let model = try synthetic.load()
        func run(seed: UInt64) throws -> [Int32] {
            let context = try InferenceContext(model: model, contextLength: 48)
            // Random weights give peaked logits; a high temperature makes the choice depend on the seed.
            var sampler = Sampler(SamplingParameters(temperature: 1000, topK: 40, topP: 0.98, seed: seed))
            var out: [Int32] = []
            try context.generate(prompt: [1, 9], maxTokens: 30, sampler: &sampler) { out.append($0); return true }
            return out
        }
        let a = try run(seed: 42), b = try run(seed: 42), c = try run(seed: 43)
        #expect(a == b)
        #expect(a.count == 30)
        #expect(a != c)
    }

    @Test func topKOneAndZeroTemperatureAreGreedy() {
        var logits: [Float] = [0.1, 3, 2.9, -1]
        var sampler = Sampler(SamplingParameters(temperature: 1, topK: 1, seed: 3))
        #expect(sampler.choose(&logits) == 1)
        var greedy = Sampler(.greedy)
        #expect(greedy.choose(&logits) == 1)
        var narrow = Sampler(SamplingParameters(temperature: 1, topP: 0.01, seed: 9))
        for _ in 0..<20 { #expect(narrow.choose(&logits) == 1) }
    }

    @Test func bitmaskLayout() {
        var mask = TokenBitmask(vocabularySize: 70, allowing: true)
        #expect(mask.words.count == 2 && mask.count == 70)
        #expect(mask.words[1] == (1 << 6) - 1)
        mask.remove(65)
        #expect(!mask.contains(65) && mask.contains(64) && !mask.contains(70) && !mask.contains(-1))
        mask.insert(200)
        #expect(mask.count == 69)
    }
}

@Suite("Logits at every position") struct EveryPositionLogitsTests {
    /// Every row of the one-batch result matches the float reference of its position, the last
    /// row is what `logits()` gives after evaluating the same tokens (up to summation order),
    /// and bad input throws a typed error.
    @Test(arguments: [(ModelArchitecture.llama, GGMLType.q4_1), (.gemma3, .q4_K)])
    func everyPositionMatchesReference(arch: ModelArchitecture, type: GGMLType) throws {
        let synthetic = SyntheticModel(architecture: arch, weightType: type)
        let model = try synthetic.load()
        let reference = synthetic.referenceLogits(sequence)
        let context = try InferenceContext(model: model, contextLength: 32)
        let all = try context.logitsAtEveryPosition(sequence)
        #expect(all.count == sequence.count)
        for (position, logits) in all.enumerated() {
            let scale = reference[position].map(abs).max() ?? 1
            let error = zip(logits, reference[position]).map { abs($0 - $1) }.max() ?? .infinity
            #expect(error <= maxSyntheticLogitError * scale, "\(arch) \(type) position \(position): \(error)")
        }
        #expect(context.tokens == sequence)
        let fresh = try InferenceContext(model: model, contextLength: 32)
        try fresh.evaluate(sequence)
        // Equal up to summation order (a batch may use llama.cpp's multi-token orders).
        let last = fresh.logits(), scale = last.map(abs).max() ?? 1
        #expect(zip(last, all[sequence.count - 1]).allSatisfy { abs($0 - $1) <= 1e-5 * scale })
        #expect(throws: InferenceError.emptyInput) { try context.logitsAtEveryPosition([]) }
        #expect(throws: InferenceError.contextOverflow(needed: 33, limit: 32)) {
            try context.logitsAtEveryPosition([Int32](repeating: 1, count: 33))
        }
        #expect(throws: InferenceError.tokenOutOfRange(token: -1, vocabularySize: model.vocabularySize)) {
            try context.logitsAtEveryPosition([1, -1])
        }
    }
}
