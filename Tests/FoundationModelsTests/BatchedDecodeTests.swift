import Foundation
import Testing
@testable import FoundationModels

/// Sessions decoding at the same time on one local model share forward passes (the model's
/// `DecodeBatcher`), and each writes exactly what it writes alone.
///
/// "Alone" runs each request on a model of its own context size (a backend and KV-cache pool of
/// its own), so every reference prompt is evaluated from an empty cache, as the concurrent
/// requests' are (a reused cache evaluates from another split, which changes the last bits).
/// Greedy decoding and bit-identical batched steps then give identical text.
@Suite("Batched decode across sessions", .serialized, .enabled(if: defaultModelPresent, "the default model is not downloaded"))
struct BatchedDecodeTests {
    static let prompts = ["Name three fruits.", "What is the capital of France?", "Write a haiku about rain.", "Count from one to five."]
    static let options = GenerationOptions(sampling: .greedy, maximumResponseTokens: 20)

    /// What `prompt` answers on a fresh model of context size `contextSize`.
    static func alone(_ prompt: String, contextSize: Int) async throws -> String {
        let model = SystemLanguageModel(contentsOf: defaultModelURL, contextSize: contextSize)
        return try await LanguageModelSession(model: model).respond(to: prompt, options: options).content
    }

    static func batcher(of model: SystemLanguageModel) throws -> DecodeBatcherStatistics {
        let backend = try #require(try model.backend() as? LocalEngineBackend)
        let statistics = backend.batcher.statistics
        return DecodeBatcherStatistics(passes: statistics.passes, steps: statistics.steps)
    }

    struct DecodeBatcherStatistics: Equatable { var passes: Int, steps: Int }

    @Test func sessionsDecodingAtOnceSharePassesAndAnswerAsAlone() async throws {
        var expected: [String] = []
        for (index, prompt) in Self.prompts.enumerated() {
            expected.append(try await Self.alone(prompt, contextSize: 900 + index))
        }
        let model = SystemLanguageModel(contentsOf: defaultModelURL, contextSize: 910)
        let answers = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for (index, prompt) in Self.prompts.enumerated() {
                group.addTask {
                    (index, try await LanguageModelSession(model: model).respond(to: prompt, options: Self.options).content)
                }
            }
            var answers = [String](repeating: "", count: Self.prompts.count)
            for try await (index, answer) in group { answers[index] = answer }
            return answers
        }
        #expect(answers == expected)
        let statistics = try Self.batcher(of: model)
        #expect(statistics.steps > 0)
        // Four sessions decoding at once (each prefills alone first, so they do not all start
        // together): passes carry more than one of them on average.
        #expect(statistics.passes * 5 < statistics.steps * 4, "\(statistics)")
    }

    @Test func cancellingOneSessionMidBatchLeavesTheOthersIntact() async throws {
        let expected = try await Self.alone(Self.prompts[1], contextSize: 904)
        let model = SystemLanguageModel(contentsOf: defaultModelURL, contextSize: 911)
        let long = LanguageModelSession(model: model)
        let snapshots = AsyncStream.makeStream(of: Int.self)
        let cancelled = Task {
            defer { snapshots.continuation.finish() }
            var count = 0
            for try await _ in long.streamResponse(to: "Tell me a long story about a dragon.",
                                                   options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 400)) {
                count += 1
                snapshots.continuation.yield(count)
            }
        }
        let others = (0..<2).map { _ in
            Task { try await LanguageModelSession(model: model).respond(to: Self.prompts[1], options: Self.options).content }
        }
        // Cancel the long one once it has streamed a few tokens, while the others decode.
        for await count in snapshots.stream where count >= 3 { break }
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        for other in others { #expect(try await other.value == expected) }
        let statistics = try Self.batcher(of: model)
        #expect(statistics.passes < statistics.steps, "\(statistics)")
    }

    @Test func aGuidedSessionBatchesWithAPlainOne() async throws {
        let guidedPrompt = "A simple tomato soup."
        let guidedOptions = GenerationOptions(sampling: .greedy, maximumResponseTokens: GuidedRecipe.budget)
        let expectedRecipe = try await LanguageModelSession(model: SystemLanguageModel(contentsOf: defaultModelURL, contextSize: 905))
            .respond(to: guidedPrompt, generating: GuidedRecipe.self, options: guidedOptions).rawContent.jsonString
        let expectedPlain = try await Self.alone(Self.prompts[0], contextSize: 906)
        let model = SystemLanguageModel(contentsOf: defaultModelURL, contextSize: 912)
        async let recipe = LanguageModelSession(model: model)
            .respond(to: guidedPrompt, generating: GuidedRecipe.self, options: guidedOptions)
        async let plain = LanguageModelSession(model: model).respond(to: Self.prompts[0], options: Self.options)
        let (guided, text) = try await (recipe, plain)
        #expect(guided.rawContent.jsonString == expectedRecipe)
        #expect((1...5).contains(guided.content.difficulty))
        #expect((1...4).contains(guided.content.ingredients.count))
        #expect(text.content == expectedPlain)
        let statistics = try Self.batcher(of: model)
        #expect(statistics.passes < statistics.steps, "\(statistics)")
    }
}
