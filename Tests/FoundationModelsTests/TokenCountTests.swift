import Foundation
import Testing
@testable import FoundationModels

/// `tokenCount(for:)` on the default model (SmolLM2, a ChatML template with a default system
/// prompt): exact counts from its tokenizer and template, checked against the literal ChatML
/// text, against each other, and against the tokens a session really evaluates.
@Suite("tokenCount(for:) on the default model", .enabled(if: defaultModelPresent, "the default model is not downloaded"))
struct TokenCountTests {
    let model = SystemLanguageModel(contentsOf: defaultModelURL, contextSize: 1024)
    /// The same model with a context too small for any request: a session on it fails before
    /// decoding, reporting how many tokens the request has.
    let cramped = SystemLanguageModel(contentsOf: defaultModelURL, contextSize: 8)

    /// The tokens of ChatML text, written out by hand rather than by the renderer under test.
    func tokens(_ chatML: String) throws -> Int {
        try model.backend().tokenize(chatML).count
    }

    @Test func aStringLiteralAndAPromptCountTheirUserTurn() async throws {
        let literal = try await model.tokenCount(for: "How many tokens is this?")
        #expect(literal == (try tokens("<|im_start|>user\nHow many tokens is this?<|im_end|>\n")))
        #expect(try await model.tokenCount(for: Prompt("How many tokens is this?")) == literal)
        #expect(try await model.tokenCount(for: Prompt { "How many"; "tokens is this?" })
                == (try tokens("<|im_start|>user\nHow many\ntokens is this?<|im_end|>\n")))
    }

    @Test func instructionsCountTheirSystemTurnWithoutTheDefaultSystemPrompt() async throws {
        let count = try await model.tokenCount(for: Instructions("Answer in one short sentence."))
        #expect(count == (try tokens("<|im_start|>system\nAnswer in one short sentence.<|im_end|>\n")))
    }

    @Test func countsAddUpToTheTranscriptsCount() async throws {
        let instructions = Instructions("Answer in one short sentence.")
        let prompt = Prompt("What color is the sky?")
        let entries: [Transcript.Entry] = [
            .instructions(.init(segments: instructions.segments, toolDefinitions: [])),
            .prompt(.init(segments: prompt.segments)),
        ]
        let empty = try await model.tokenCount(for: [Transcript.Entry]())
        let sum = try await empty + model.tokenCount(for: instructions) + model.tokenCount(for: prompt)
        #expect(try await model.tokenCount(for: entries) == sum)
    }

    @Test func theTranscriptCountIsWhatTheSessionEvaluates() async throws {
        let session = LanguageModelSession(model: cramped, instructions: "Answer in one short sentence.")
        let entries = session.transcript + [.prompt(.init(segments: Prompt("What color is the sky?").segments))]
        let evaluated = try await reportedTokens { try await session.respond(to: "What color is the sky?") }
        // The session also opens the assistant turn it is about to write.
        #expect(evaluated == (try await model.tokenCount(for: entries)) + (try tokens("<|im_start|>assistant\n")))
    }

    @Test func aSchemaCountsWhatItAddsToThePrompt() async throws {
        let session = LanguageModelSession(model: cramped)
        let evaluated = try await reportedTokens { try await session.respond(to: "A quick tofu dish.", generating: GuidedRecipe.self) }
        let withoutSchema = try await reportedTokens { try await session.respond(to: "A quick tofu dish.") }
        let schemaCount = try await model.tokenCount(for: GuidedRecipe.generationSchema)
        #expect(evaluated - withoutSchema == schemaCount)
    }

    @Test func toolsCountTheirPreambleAndNothingWithoutTools() async throws {
        #expect(try await model.tokenCount(for: [any Tool]()) == 0)
        let tools: [any Tool] = [WeatherLookup()]
        let toolCount = try await model.tokenCount(for: tools)
        #expect(toolCount > 100)   // the preamble alone is a paragraph
        let entries: [Transcript.Entry] = [
            .instructions(.init(segments: [], toolDefinitions: tools.map { Transcript.ToolDefinition(tool: $0) })),
        ]
        let empty = try await model.tokenCount(for: [Transcript.Entry]())
        #expect(try await model.tokenCount(for: entries) == empty + (try await model.tokenCount(for: Instructions(""))) + toolCount)
    }

    @Test func anImageAttachmentCannotBeCounted() async throws {
        let prompt = Prompt {
            "Describe this."
            Attachment(imageURL: URL(fileURLWithPath: "/tmp/photo.png"))
        }
        await #expect(throws: LanguageModelError.self) { try await model.tokenCount(for: prompt) }
    }

    /// The token count a request reports when it does not fit the cramped context.
    private func reportedTokens<Result>(_ request: () async throws -> Result) async throws -> Int {
        do {
            _ = try await request()
            Issue.record("the request fit an 8-token context")
            return -1
        } catch let error as LanguageModelSession.GenerationError {
            guard case .exceededContextWindowSize(let context) = error else { throw error }
            let match = try #require(context.debugDescription.firstMatch(of: /contains (\d+) tokens/))
            return try #require(Int(match.1))
        }
    }
}
