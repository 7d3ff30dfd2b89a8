import Foundation
import Testing
@testable import FoundationModels

/// The default model file, when present (scripts/fetch-models.sh downloads it).
let defaultModelURL = SystemLanguageModel.defaultModelURL
let defaultModelPresent = FileManager.default.isReadableFile(atPath: defaultModelURL.path)

/// Every string is bounded by an ASCII pattern so that the grammar ends the value within
/// `GuidedRecipe.budget` tokens whatever the model picks (a greedy small model may otherwise
/// loop inside a string until the budget, and where it does depends on the CPU's kernels): at
/// most 26 + 1 + 4 × 18 + 3 bytes of values and 43 of keys and punctuation, and every token is
/// at least one byte.
@Generable(description: "A home-style recipe")
struct GuidedRecipe {
    @Guide(description: "The dish's name", .pattern(/^[A-Za-z ]{1,24}$/))
    let title: String
    @Guide(description: "Difficulty from 1 to 5", .range(1...5))
    let difficulty: Int
    @Guide(description: "Ingredients needed", .count(1...4), .element(.pattern(/^[A-Za-z ]{1,16}$/)))
    let ingredients: [String]

    /// Tokens that always suffice for one value (145 bytes at most, compact).
    static let budget = 160
}

/// End-to-end tests on the real default model (SmolLM2-135M-Instruct), through the local
/// engine, tokenizer, chat template and grammar. Short outputs keep them fast in debug builds.
@Suite("LanguageModelSession on the default model", .serialized, .enabled(if: defaultModelPresent, "the default model is not downloaded"))
struct RealModelTests {
    let model = SystemLanguageModel(contentsOf: defaultModelURL, contextSize: 1024)
    let greedy = GenerationOptions(sampling: .greedy, maximumResponseTokens: 16)

    @Test func availabilityIsAvailable() {
        #expect(model.availability == .available)
        #expect(SystemLanguageModel(contentsOf: URL(fileURLWithPath: "/nonexistent/model.gguf")).availability == .unavailable(.modelNotReady))
    }

    @Test func respondsWithText() async throws {
        let session = LanguageModelSession(model: model, instructions: "Answer in one short sentence.")
        let response = try await session.respond(to: "What color is the sky on a clear day?", options: greedy)
        #expect(!response.content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        #expect(session.transcript.count == 3)
        print("respond:", response.content)
    }

    @Test func streamSnapshotsAreCumulativeAndEndAtTheResponse() async throws {
        let session = LanguageModelSession(model: model)
        let stream = session.streamResponse(to: "Name three fruits.", options: greedy)
        var snapshots: [String] = []
        for try await snapshot in stream { snapshots.append(snapshot.content) }
        let response = try await stream.collect()
        #expect(snapshots.count >= 2)
        for (previous, next) in zip(snapshots, snapshots.dropFirst()) { #expect(next.hasPrefix(previous)) }
        #expect(snapshots.last == response.content)
    }

    @Test func secondRequestWhileRespondingThrowsConcurrentRequests() async throws {
        let session = LanguageModelSession(model: model)
        // Long enough that the second request surely comes while the first decodes; the wait is
        // generous because parallel tests may keep the first task from starting for a while.
        let first = Task { try await session.respond(to: "Count from one to fifty.", options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 256)) }
        let deadline = ContinuousClock.now + .seconds(120)
        while !session.isResponding, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(1)) }
        #expect(session.isResponding)
        await #expect {
            try await session.respond(to: "Hello")
        } throws: { error in
            guard case LanguageModelSession.GenerationError.concurrentRequests = error else { return false }
            return true
        }
        _ = try await first.value
    }

    @Test func contextOverflowIsReportedBeforeDecoding() async throws {
        let small = SystemLanguageModel(contentsOf: defaultModelURL, contextSize: 64)
        let session = LanguageModelSession(model: small)
        let prompt = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 20)
        do {
            try await session.respond(to: prompt, options: greedy)
            Issue.record("a prompt longer than the context was answered")
        } catch let LanguageModelSession.GenerationError.exceededContextWindowSize(context) {
            let pattern = /Content contains (\d+) tokens, which exceeds the maximum allowed context size of 64\./
            let match = try #require(context.debugDescription.wholeMatch(of: pattern))
            #expect(Int(match.1).map { $0 > 64 } == true)
        }
    }

    @Test func cancellationStopsTheStream() async throws {
        let session = LanguageModelSession(model: model)
        let consumer = Task {
            var count = 0
            for try await _ in session.streamResponse(to: "Write a long story about the sea.", options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 500)) {
                count += 1
                if count == 3 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return count
        }
        let outcome = await consumer.result
        #expect(throws: CancellationError.self) { try outcome.get() }
        for _ in 0..<500 where session.isResponding { try await Task.sleep(for: .milliseconds(2)) }
        #expect(!session.isResponding)
        #expect(session.transcript.isEmpty)
    }

    @Test func prewarmFillsTheCacheSoTheFirstTokenComesSooner() async throws {
        let instructions = String(repeating: "You are a careful assistant who answers briefly and politely. ", count: 12)
        let once = GenerationOptions(sampling: .greedy, maximumResponseTokens: 1)

        let cold = LanguageModelSession(model: model, instructions: instructions)
        let coldStart = ContinuousClock.now
        try await cold.respond(to: "Hi", options: once)
        let coldTime = ContinuousClock.now - coldStart

        // A model of its own (another context size, so another executor and KV-cache pool): the
        // cold session's cache cannot serve it.
        let warmModel = SystemLanguageModel(contentsOf: defaultModelURL, contextSize: 1000)
        let warm = LanguageModelSession(model: warmModel, instructions: instructions)
        try await warm.prewarmNow(promptPrefix: nil)
        let warmStart = ContinuousClock.now
        let response = try await warm.respond(to: "Hi", options: once)
        let warmTime = ContinuousClock.now - warmStart
        let cached = response.usage.input.cachedTokenCount
        let evaluatedByRequest = response.usage.input.totalTokenCount - cached
        print("time to first token: cold \(coldTime), after prewarm \(warmTime) (\(cached) tokens cached, \(evaluatedByRequest) evaluated by the request)")
        #expect(cached > 100)
        #expect(evaluatedByRequest < 20)
    }

    @Test func seededSamplingIsReproducible() async throws {
        let options = GenerationOptions(sampling: .random(top: 40, seed: 42), temperature: 0.9, maximumResponseTokens: 12)
        let first = try await LanguageModelSession(model: model).respond(to: "Tell me a fun fact.", options: options).content
        let second = try await LanguageModelSession(model: model).respond(to: "Tell me a fun fact.", options: options).content
        #expect(first == second)
    }

    @Test func guidedGenerationFollowsTheSchema() async throws {
        let session = LanguageModelSession(model: model, instructions: "Create a home-style recipe that fits the user's request.")
        let response = try await session.respond(
            to: "I have tofu and kimchi in the fridge. Suggest a simple one-bowl dish.",
            generating: GuidedRecipe.self,
            options: GenerationOptions(sampling: .greedy, maximumResponseTokens: GuidedRecipe.budget))
        let card = response.content
        print("guided:", response.rawContent.jsonString)
        #expect((1...5).contains(card.difficulty))
        #expect((1...4).contains(card.ingredients.count))
        #expect(!card.title.isEmpty)
    }

    @Test func guidedStreamYieldsPartialValues() async throws {
        let session = LanguageModelSession(model: model)
        let stream = session.streamResponse(to: "A quick tofu dish.", generating: GuidedRecipe.self,
                                            options: GenerationOptions(sampling: .greedy, maximumResponseTokens: GuidedRecipe.budget))
        var partialTitles: [String] = []
        for try await snapshot in stream {
            if let title = snapshot.content.title { partialTitles.append(title) }
        }
        let final = try await stream.collect()
        #expect(partialTitles.last == final.content.title)
    }

    @Test func tokenCountMatchesTheTokenizer() async throws {
        let count = try await model.tokenCount(for: Prompt("How many tokens is this?"))
        #expect(count > 3 && count < 12)
    }
}

extension RealModelTests {
    @Test func dynamicSchemaGuidesTheResponse() async throws {
        // Bounded (a 24-letter dish, a price of at most three digits), so that the value ends
        // within the 80 tokens whatever the model picks: 62 bytes at most, a byte a token or more.
        let menu = DynamicGenerationSchema(name: "Menu", properties: [
            .init(name: "dish", schema: .init(type: String.self, guides: [.pattern(/^[A-Za-z ]{1,24}$/)])),
            .init(name: "price", description: "Price in whole dollars", schema: .init(type: Int.self, guides: [.range(1...100)])),
            .init(name: "size", schema: .init(name: "Size", anyOf: ["small", "large"])),
        ])
        let schema = try GenerationSchema(root: menu, dependencies: [])
        let session = LanguageModelSession(model: model)
        let response = try await session.respond(to: "Suggest a lunch dish.", schema: schema,
                                                 options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 80))
        print("dynamic:", response.content.jsonString)
        _ = try response.content.value(String.self, forProperty: "dish")
        #expect((1...100).contains(try response.content.value(Int.self, forProperty: "price")))
        #expect(["small", "large"].contains(try response.content.value(String.self, forProperty: "size")))
    }
}
