import Foundation
import Testing
@testable import FoundationModels

/// `SystemLanguageModel.Executor` on the default model: exact usage, KV-cache reuse across
/// turns, and the tool-calling modes held by the grammar. Nothing here depends on what the
/// model writes, only on counts and on what the grammar forces.
@Suite("SystemLanguageModel.Executor on the default model", .serialized, .enabled(if: defaultModelPresent, "the default model is not downloaded"))
struct LocalExecutorTests {
    let model = SystemLanguageModel(contentsOf: defaultModelURL, contextSize: 1024)

    @Test func usageIsExactAndTheSecondTurnReusesTheCache() async throws {
        // A model of its own (a context size no other test uses): a fresh pool of caches.
        let model = SystemLanguageModel(contentsOf: defaultModelURL, contextSize: 1010)
        let session = LanguageModelSession(model: model, instructions: "Answer in one short sentence.")
        let options = GenerationOptions(sampling: .greedy, maximumResponseTokens: 12)
        let first = try await session.respond(to: "What color is the sky?", options: options)
        #expect(first.usage.input.cachedTokenCount == 0)
        #expect((1...12).contains(first.usage.output.totalTokenCount))
        #expect(first.usage.output.reasoningTokenCount == 0)
        // The prompt the engine read is the transcript so far plus the assistant opening.
        let counted = try await model.tokenCount(for: Array(session.transcript.prefix(2)))
        #expect(abs(first.usage.input.totalTokenCount - counted) <= 8, "\(first.usage.input.totalTokenCount) vs \(counted)")

        let second = try await session.respond(to: "And at night?", options: options)
        // Everything up to the first answer was cached by the first turn.
        #expect(second.usage.input.cachedTokenCount >= first.usage.input.totalTokenCount)
        #expect(second.usage.input.cachedTokenCount < second.usage.input.totalTokenCount)
        #expect(session.usage.output.totalTokenCount == first.usage.output.totalTokenCount + second.usage.output.totalTokenCount)
        #expect(session.usage.input.totalTokenCount == first.usage.input.totalTokenCount + second.usage.input.totalTokenCount)
    }

    @Test func streamSnapshotsCarryGrowingUsage() async throws {
        let session = LanguageModelSession(model: model)
        let stream = session.streamResponse(to: "Name three fruits.", options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 10))
        var counts: [Int] = []
        for try await snapshot in stream { counts.append(snapshot.usage.output.totalTokenCount) }
        let response = try await stream.collect()
        #expect(counts == counts.sorted())
        #expect(counts.last == response.usage.output.totalTokenCount)
        #expect(response.usage.input.totalTokenCount > 0)
    }

    @Test func requiredToolCallingForcesACallEveryTurn() async throws {
        let tool = RecordingWeatherTool()
        let session = LanguageModelSession(model: model, tools: [tool])
        session.maximumToolCallRounds = 1
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 64, toolCallingMode: .required)
        // Round one must be a call (the grammar allows nothing else), round two too, which the
        // bound of one round refuses.
        await #expect {
            try await session.respond(to: "Say hello.", options: options)
        } throws: { error in
            guard case LanguageModelSession.GenerationError.decodingFailure(let context) = error else { return false }
            return context.debugDescription.contains("maximumToolCallRounds = 1")
        }
        #expect(!tool.inFlight.withLock { $0.cities }.isEmpty)
        #expect(session.transcript.count == 1)   // the request left the transcript as it was
    }

    @Test func disallowedToolCallingAnswersWithoutCalls() async throws {
        let tool = RecordingWeatherTool()
        let session = LanguageModelSession(model: model, tools: [tool])
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 24, toolCallingMode: .disallowed)
        let response = try await session.respond(to: "What is the weather in Seoul?", options: options)
        #expect(tool.inFlight.withLock { $0.cities }.isEmpty)
        #expect(!response.content.contains("<tool_call>"))
        #expect(!session.transcript.contains { if case .toolCalls = $0 { true } else { false } })
    }

    @Test func aReasoningLevelIsRefusedWithApplesError() async throws {
        let session = LanguageModelSession(model: model)
        var request = GenerationRequest(prompt: Prompt("Hi"), schema: nil, includeSchemaInPrompt: false,
                                        options: GenerationOptions(sampling: .greedy), responseFormat: nil)
        request.contextOptions = ContextOptions(reasoningLevel: .light)
        await #expect {
            _ = try await session.generate(request)
        } throws: { error in
            guard case LanguageModelError.unsupportedCapability(let failure) = error else { return false }
            return failure.capability == .reasoning
        }
    }

    @Test func modelsOnOneFileShareAnExecutor() throws {
        let other = SystemLanguageModel(contentsOf: defaultModelURL, contextSize: 1024)
        #expect(model.executorConfiguration == other.executorConfiguration)
        #expect(model.executorConfiguration != SystemLanguageModel(contentsOf: defaultModelURL, contextSize: 512).executorConfiguration)
        #expect(model.capabilities.contains(.guidedGeneration) && model.capabilities.contains(.toolCalling))
        #expect(!model.capabilities.contains(.vision) && !model.capabilities.contains(.reasoning))
    }
}
