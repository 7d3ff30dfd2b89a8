import Foundation
import Testing
@testable import FoundationModels

/// The session's own logic on a scripted byte-level backend (see ``ScriptedBackend``).
@Suite("LanguageModelSession mechanics")
struct SessionMechanicsTests {
    @Test func respondAppendsPromptAndResponseToTheTranscript() async throws {
        let backend = ScriptedBackend(reply: "Blue light scatters more.")
        let session = LanguageModelSession(model: SystemLanguageModel(backend: backend), instructions: "Be brief.")
        let response = try await session.respond(to: "Why is the sky blue?")
        #expect(response.content == "Blue light scatters more.")
        #expect(response.rawContent.kind == .string("Blue light scatters more."))
        #expect(response.transcriptEntries.count == 2)
        let transcript = session.transcript
        #expect(transcript.count == 3)
        guard case .prompt(let prompt) = transcript[1], case .response(let answer) = transcript[2] else {
            Issue.record("unexpected transcript \(transcript)")
            return
        }
        #expect(prompt.segments.plainText == "Why is the sky blue?")
        #expect(answer.segments.plainText == "Blue light scatters more.")
        #expect(!session.isResponding)
    }

    @Test func secondTurnReusesTheCachedPrefix() async throws {
        let backend = ScriptedBackend(reply: "OK.")
        let session = LanguageModelSession(model: SystemLanguageModel(backend: backend), instructions: "Answer with OK.")
        try await session.respond(to: "First question")
        let afterFirst = backend.evaluatedTokens.load(ordering: .relaxed)
        try await session.respond(to: "Second")
        let secondTurn = backend.evaluatedTokens.load(ordering: .relaxed) - afterFirst
        // Only the tail after the cached first answer is evaluated: "</><user>Second</><assistant>" + the reply.
        let fullSecondPrompt = "<system>Answer with OK.</><user>First question</><assistant>OK.</><user>Second</><assistant>".utf8.count
        #expect(secondTurn < fullSecondPrompt / 2)
        #expect(secondTurn == "</><user>Second</><assistant>".utf8.count + 3)
    }

    @Test func streamSnapshotsAreCumulativeAndEndAtTheResponse() async throws {
        let backend = ScriptedBackend(reply: "Hello, world")
        let session = LanguageModelSession(model: SystemLanguageModel(backend: backend))
        let stream = session.streamResponse(to: "Greet")
        var snapshots: [String] = []
        for try await snapshot in stream { snapshots.append(snapshot.content) }
        #expect(snapshots.count >= 2)
        for (previous, next) in zip(snapshots, snapshots.dropFirst()) { #expect(next.hasPrefix(previous)) }
        let response = try await stream.collect()
        #expect(snapshots.last == response.content)
        #expect(response.content == "Hello, world")
        #expect(session.transcript.count == 2)   // ran once, although iterated and collected
    }

    @Test func concurrentRequestsOnOneSessionThrow() async throws {
        let backend = ScriptedBackend(contextSize: 1 << 40, reply: "x", endless: true)
        let session = LanguageModelSession(model: SystemLanguageModel(backend: backend))
        let first = Task { try await session.respond(to: "Go on") }
        for _ in 0..<2_000 where !session.isResponding { try await Task.sleep(for: .milliseconds(1)) }
        #expect(session.isResponding)
        await #expect {
            try await session.respond(to: "Again")
        } throws: { error in
            guard case LanguageModelSession.GenerationError.concurrentRequests = error else { return false }
            return true
        }
        first.cancel()
        _ = await first.result
        #expect(!session.isResponding)
    }

    @Test func manySessionsRespondAtOnceOnOneModel() async throws {
        let model = SystemLanguageModel(backend: ScriptedBackend(reply: "fine"))
        let answers = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<8 {
                group.addTask { try await LanguageModelSession(model: model).respond(to: "How are you, \(index)?").content }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers == Array(repeating: "fine", count: 8))
    }

    @Test func contextOverflowIsCheckedBeforeDecodingWithTheExactMessage() async throws {
        let backend = ScriptedBackend(contextSize: 64, reply: "never")
        let session = LanguageModelSession(model: SystemLanguageModel(backend: backend))
        let prompt = String(repeating: "a", count: 100)
        let expectedTokens = "<user>\(prompt)</><assistant>".utf8.count
        do {
            try await session.respond(to: prompt)
            Issue.record("an over-long prompt was answered")
        } catch let LanguageModelSession.GenerationError.exceededContextWindowSize(context) {
            #expect(context.debugDescription == "Content contains \(expectedTokens) tokens, which exceeds the maximum allowed context size of 64.")
        }
        #expect(backend.sampledTokens.load(ordering: .relaxed) == 0)
        #expect(session.transcript.isEmpty)
    }

    @Test func cancellingTheConsumerStopsGenerationWithinAToken() async throws {
        let backend = ScriptedBackend(contextSize: 1 << 40, reply: "ab", endless: true)
        let session = LanguageModelSession(model: SystemLanguageModel(backend: backend))
        let consumer = Task {
            var count = 0
            for try await _ in session.streamResponse(to: "Talk forever") {
                count += 1
                if count == 5 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return count
        }
        let outcome = await consumer.result
        #expect(throws: CancellationError.self) { try outcome.get() }
        // Let the generation task observe the cancellation, then check it stopped.
        for _ in 0..<100 where session.isResponding { try await Task.sleep(for: .milliseconds(5)) }
        #expect(!session.isResponding)
        let sampled = backend.sampledTokens.load(ordering: .relaxed)
        try await Task.sleep(for: .milliseconds(50))
        #expect(backend.sampledTokens.load(ordering: .relaxed) == sampled)
        #expect(sampled < 1_000_000)
    }

    @Test func maximumResponseTokensLimitsTheAnswer() async throws {
        let session = LanguageModelSession(model: SystemLanguageModel(backend: ScriptedBackend(reply: "abcdefgh")))
        let response = try await session.respond(to: "Letters", options: GenerationOptions(maximumResponseTokens: 3))
        #expect(response.content == "abc")
    }

    @Test(arguments: [
        GenerationOptions(temperature: -1),
        GenerationOptions(temperature: .nan),
        GenerationOptions(maximumResponseTokens: 0),
        GenerationOptions(sampling: .random(top: 0)),
        GenerationOptions(sampling: .random(probabilityThreshold: 1.5)),
    ])
    func invalidOptionsAreRejectedWithTheValueNamed(options: GenerationOptions) async throws {
        let session = LanguageModelSession(model: SystemLanguageModel(backend: ScriptedBackend(reply: "x")))
        await #expect {
            try await session.respond(to: "Hi", options: options)
        } throws: { error in
            guard case LanguageModelSession.GenerationError.decodingFailure(let context) = error else { return false }
            return context.debugDescription.contains("out of range")
        }
    }

    @Test func prewarmEvaluatesTheInstructionsAhead() async throws {
        let backend = ScriptedBackend(reply: "ok")
        let instructions = String(repeating: "Follow the rules. ", count: 10)
        let session = LanguageModelSession(model: SystemLanguageModel(backend: backend), instructions: instructions)
        try await session.prewarmNow(promptPrefix: nil)
        let prewarmed = backend.evaluatedTokens.load(ordering: .relaxed)
        #expect(prewarmed >= instructions.utf8.count)
        try await session.respond(to: "Go")
        let requestCost = backend.evaluatedTokens.load(ordering: .relaxed) - prewarmed
        #expect(requestCost < instructions.utf8.count)
    }

    @Test func sessionFromTranscriptContinuesIt() async throws {
        let model = SystemLanguageModel(backend: ScriptedBackend(reply: "again"))
        let first = LanguageModelSession(model: model, instructions: "Be brief.")
        try await first.respond(to: "One")
        let data = try JSONEncoder().encode(first.transcript)
        let restored = LanguageModelSession(model: model, transcript: try JSONDecoder().decode(Transcript.self, from: data))
        try await restored.respond(to: "Two")
        #expect(restored.transcript.count == 5)
        #expect(Array(restored.transcript.prefix(3)) == Array(first.transcript))
    }

    @Test func feedbackAttachmentIsJSONWithTheTranscript() async throws {
        let session = LanguageModelSession(model: SystemLanguageModel(backend: ScriptedBackend(reply: "Paris")))
        try await session.respond(to: "Capital of France?")
        let data = session.logFeedbackAttachment(sentiment: .negative, issues: [.init(category: .incorrect, explanation: "too short")],
                                                 desiredResponseText: "The capital of France is Paris.")
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["sentiment"] as? String == "negative")
        #expect((object["transcript"] as? [String: Any]) != nil)
    }

    @Test func tokenCountsUseTheModelsTokenizer() async throws {
        let model = SystemLanguageModel(backend: ScriptedBackend(reply: ""))
        // The scripted template writes a turn as "<role>content</>", one token per byte.
        #expect(try await model.tokenCount(for: Prompt("How many tokens is this?")) == "<user>How many tokens is this?</>".utf8.count)
        #expect(try await model.tokenCount(for: "How many tokens is this?") == "<user>How many tokens is this?</>".utf8.count)
        #expect(try await model.tokenCount(for: Instructions("Be brief.")) == "<system>Be brief.</>".utf8.count)
        #expect(try await model.tokenCount(for: RecipeCard.generationSchema) > 100)
        let entries: [Transcript.Entry] = [.prompt(.init(segments: [.text(.init(content: "Hi"))]))]
        #expect(try await model.tokenCount(for: entries) == "<user>Hi</>".utf8.count)
    }
}

extension SessionMechanicsTests {
    @Test func respondRightAfterPrewarmWaitsInsteadOfFailing() async throws {
        let backend = ScriptedBackend(reply: "warm")
        let session = LanguageModelSession(model: SystemLanguageModel(backend: backend), instructions: "Be warm.")
        session.prewarm()
        let response = try await session.respond(to: "Hi")
        #expect(response.content == "warm")
        for _ in 0..<10 {
            session.prewarm(promptPrefix: Prompt("Tell me"))
            _ = try await session.respond(to: "Tell me more")
        }
        #expect(session.transcript.count == 1 + 2 * 11)
    }
}
