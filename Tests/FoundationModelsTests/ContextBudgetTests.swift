import Foundation
import JSONSchemaValidation
import Testing
@testable import FoundationModels
import TestSupport

/// Delegates tokenizing and rendering to the real SmolLM2 tokenizer and chat template, and
/// records the prompt the session evaluates instead of running the network (the answer is an
/// immediate end of turn), so the budget is checked against the session's own context check.
final class PromptRecordingBackend: LanguageModelBackend, @unchecked Sendable {
    let real: LocalEngineBackend
    let contextSize: Int
    let evaluated = NSLock()
    nonisolated(unsafe) var lastPromptLength = 0

    init(real: LocalEngineBackend, contextSize: Int) {
        self.real = real
        self.contextSize = contextSize
    }

    var endOfGenerationTokens: Set<Int32> { real.endOfGenerationTokens }
    var vocabularySize: Int { real.vocabularySize }
    func tokenize(_ text: String) -> [Int32] { real.tokenize(text) }
    func tokenizePrompt(_ text: String) -> [Int32] { real.tokenizePrompt(text) }
    func tokenBytes(_ token: Int32) -> [UInt8] { real.tokenBytes(token) }
    func render(_ turns: [ChatTurn], addGenerationPrompt: Bool) -> String { real.render(turns, addGenerationPrompt: addGenerationPrompt) }
    func makeDecoder() throws -> any BackendDecoder { Recorder(backend: self) }
    func makeConstraint(jsonSchema: JSONValue) throws -> any TokenConstraint { try real.makeConstraint(jsonSchema: jsonSchema) }

    final class Recorder: BackendDecoder {
        let backend: PromptRecordingBackend
        init(backend: PromptRecordingBackend) { self.backend = backend }
        func evaluate(_ tokens: [Int32]) throws {
            backend.evaluated.withLock { backend.lastPromptLength = tokens.count }
        }
        func append(_ token: Int32) throws {}
        func sample(_ plan: SamplingPlan, allowed: [UInt64]?) throws -> Int32 { backend.endOfGenerationTokens.min() ?? 0 }
        func reusablePrefixLength(of tokens: [Int32]) -> Int { 0 }
    }
}

@Suite("ContextBudget", .enabled(if: ToolCallingModels.available))
struct ContextBudgetTests {

    static let words = ["item", "SKU-20931", "cotton", "shirt", "blue", "42.50", "EUR", "size", "M", "→", "서울", "🙂", "déjà", "vu", "{", "}", "\"x\":", "12345678"]

    static func line(_ rng: inout SeededRandom) -> String {
        (0..<Int.random(in: 1...40, using: &rng)).map { _ in words.randomElement(using: &rng) ?? "" }.joined(separator: " ")
    }

    @Test(arguments: 0..<12)
    func fittedDataNeverExceedsTheWindowAndIsMaximal(seed: Int) async throws {
        var rng = SeededRandom(seed: UInt64(seed) &* 7919)
        let contextSize = [256, 512, 1024, 4096][seed % 4]
        let recorder = PromptRecordingBackend(real: try ToolCallingModels.backend(), contextSize: contextSize)
        let model = SystemLanguageModel(backend: recorder)
        let reserve = Int.random(in: 0...(contextSize / 3), using: &rng)
        let instructions = Instructions((0..<Int.random(in: 0...6, using: &rng)).map { _ in Self.line(&rng) }.joined(separator: "\n"))
        let lines = (0..<Int.random(in: 0...400, using: &rng)).map { _ in Self.line(&rng) }
        let request = "Pick the best items for a rainy day."
        func prompt(_ data: String) -> Prompt { Prompt("Items:\n\(data)\n\nRequest: \(request)") }

        let budget = ContextBudget(model: model, responseReserve: reserve)
        let fitted: [String]
        do {
            fitted = try budget.fittingLines(lines, instructions: instructions, prompt: prompt)
        } catch LanguageModelSession.GenerationError.exceededContextWindowSize {
            // Not even the bare prompt leaves the reserve free: check that this is so.
            let bare = try budget.promptTokenCount(instructions: instructions, prompt: prompt(""))
            #expect(bare + max(1, reserve) > contextSize)
            return
        }
        #expect(fitted == Array(lines.prefix(fitted.count)))

        // The session itself accepts the prompt, and leaves the reserve free.
        let session = LanguageModelSession(model: model, instructions: instructions)
        _ = try await session.respond(to: prompt(fitted.joined(separator: "\n")))
        let used = recorder.evaluated.withLock { recorder.lastPromptLength }
        #expect(used + max(1, reserve) <= contextSize, "seed \(seed): \(used) + \(reserve) > \(contextSize)")
        #expect(used == (try budget.promptTokenCount(instructions: instructions, prompt: prompt(fitted.joined(separator: "\n")))))
        // One more line would not fit.
        if fitted.count < lines.count {
            let more = try budget.promptTokenCount(instructions: instructions, prompt: prompt(lines.prefix(fitted.count + 1).joined(separator: "\n")))
            #expect(more + max(1, reserve) > contextSize)
        }
    }

    @Test func trimmedSessionKeepsInstructionsAndTheLastTurnsThatFit() async throws {
        let real = try ToolCallingModels.backend()
        let model = SystemLanguageModel(backend: PromptRecordingBackend(real: real, contextSize: 300))
        var entries: [Transcript.Entry] = [.instructions(.init(segments: [.text(.init(content: "Answer briefly."))], toolDefinitions: []))]
        for turn in 0..<20 {
            entries.append(.prompt(.init(segments: [.text(.init(content: "Question \(turn): what is \(turn) times \(turn)?"))])))
            entries.append(.response(.init(assetIDs: [], segments: [.text(.init(content: "It is \(turn * turn), as \(turn) x \(turn) = \(turn * turn)."))])))
        }
        let long = LanguageModelSession(model: model, transcript: Transcript(entries: entries))
        await #expect(performing: { try await long.respond(to: "And 21 times 21?") }, throws: { error in
            if case LanguageModelSession.GenerationError.exceededContextWindowSize = error { return true }
            return false
        })
        let trimmed = try long.trimmed(forNextPrompt: Prompt("And 21 times 21?"), responseReserve: 50)
        let kept = Array(trimmed.transcript)
        #expect(kept.first == entries.first)
        #expect(kept.count > 1 && kept.count < entries.count)
        #expect(kept.suffix(kept.count - 1) == entries.suffix(kept.count - 1))   // the most recent turns, whole
        _ = try await trimmed.respond(to: "And 21 times 21?")
        let capped = try long.trimmed(responseReserve: 50, maximumTurns: 2)
        #expect(capped.transcript.count == 5)
    }
}
