import Foundation
import JSONSchemaValidation

/// One request: what to add to the transcript and how to generate the answer.
struct GenerationRequest: Sendable {
    var prompt: Prompt
    var schema: GenerationSchema?
    var includeSchemaInPrompt: Bool
    var options: GenerationOptions
    var responseFormat: Transcript.ResponseFormat?
    /// What the prompt shows beyond the transcript (the reasoning level; the schema flag is
    /// `includeSchemaInPrompt`).
    var contextOptions = ContextOptions()
}

/// The finished result of a request.
struct GenerationResult: Sendable {
    var content: GeneratedContent
    var entries: ArraySlice<Transcript.Entry>
    /// Every model call of the request, added up.
    var usage: LanguageModelSession.Usage = .zero
}

extension LanguageModelSession {
    /// Receives each partial result of a request: the content so far and the usage so far.
    typealias UpdateHandler = @Sendable (GeneratedContent, LanguageModelSession.Usage) -> Void
}

extension LanguageModelSession {
    /// Marks the session as responding, or throws `concurrentRequests` when it already is.
    /// Waits for a prewarm in progress, whose work the request would otherwise redo.
    func beginRequest() async throws -> Transcript {
        while true {
            enum Step { case begun(Transcript), waitForPrewarm }
            let step: Step = try state.withLock { state in
                if state.isResponding {
                    throw GenerationError.concurrentRequests(.init(
                        debugDescription: "The session is already responding to a request; wait until isResponding is false, or use another session."))
                }
                if state.isPrewarming { return .waitForPrewarm }
                state.isResponding = true
                return .begun(state.transcript)
            }
            switch step {
            case .begun(let transcript): return transcript
            case .waitForPrewarm:
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let finished = state.withLock { state in
                        guard state.isPrewarming else { return true }
                        state.prewarmWaiters.append(continuation)
                        return false
                    }
                    if finished { continuation.resume() }
                }
            }
        }
    }

    func endRequest() { state.withLock { $0.isResponding = false } }

    /// Checks what every request checks before decoding, with or without tools: the options'
    /// ranges, then the input's language and guardrails. Returns how guardrails apply to the
    /// response (Apple's rule differs for text and guided generation).
    func admit(_ request: GenerationRequest, after transcript: Transcript) throws -> GuardrailEnforcement.ResponseKind {
        do {
            try request.options.validate()
        } catch {
            throw GenerationError.decodingFailure(.init(debugDescription: "Invalid GenerationOptions: \(error.description)."))
        }
        try Self.refuseAttachments(in: transcript, prompt: request.prompt)
        let responseKind: GuardrailEnforcement.ResponseKind = request.schema == nil ? .text : .guided
        try checkInput(Self.inputTexts(transcript: transcript, prompt: request.prompt), responseKind: responseKind)
        return responseKind
    }

    /// Runs one request to the end: renders the transcript and prompt, checks the context,
    /// evaluates (reusing the cached prefix), and samples until the end of the turn, the token
    /// limit or the end of the guided value, reporting each partial result.
    ///
    /// - throws: `GenerationError` (`concurrentRequests`, `exceededContextWindowSize`,
    ///   `assetsUnavailable`, `unsupportedGuide`, `decodingFailure`), `CancellationError`.
    func generate(
        _ request: GenerationRequest,
        onUpdate: UpdateHandler? = nil
    ) async throws -> GenerationResult {
        try await generateThroughExecutor(languageModel, request: request, onUpdate: onUpdate)
    }

    /// Whether the grammar allows nothing but end-of-generation tokens now.
    static func onlyEndAllowed(_ constraint: any TokenConstraint, backend: any LanguageModelBackend, scratch: inout [UInt64]?) -> Bool {
        var words = scratch ?? [UInt64](repeating: 0, count: (backend.vocabularySize + 63) / 64)
        for index in words.indices { words[index] = 0 }
        constraint.fillAllowedTokens(into: &words)
        for token in backend.endOfGenerationTokens {
            let index = Int(token)
            if index >= 0, index / 64 < words.count { words[index / 64] &= ~(1 << UInt64(index % 64)) }
        }
        scratch = words
        return words.allSatisfy { $0 == 0 }
    }

    static func content(from text: String, structured: Bool, complete: Bool, id: GenerationID) -> GeneratedContent {
        guard structured else { return GeneratedContent(kind: .string(text), id: id, isComplete: complete) }
        var content = (try? GeneratedContent(json: text)) ?? GeneratedContent(kind: .null, isComplete: false)
        content.id = id
        return content
    }

    static func finalContent(from text: String, structured: Bool, id: GenerationID) throws -> GeneratedContent {
        guard structured else { return GeneratedContent(kind: .string(text), id: id) }
        var content = try GeneratedContent(json: text)
        content.id = id
        return content
    }
}

/// The tokens a turn has generated so far, for the usage of its snapshots. Set and read only
/// by the one decode that owns it, on one thread at a time; `@unchecked Sendable` for the
/// `@Sendable` update closure that reads it.
final class GeneratedTokenCount: @unchecked Sendable {
    var count = 0
}

/// Collects token bytes and exposes the longest prefix that is whole UTF-8.
struct UTF8Accumulator {
    private var bytes: [UInt8] = []

    mutating func append(_ newBytes: [UInt8]) { bytes.append(contentsOf: newBytes) }

    /// The text so far, holding back a trailing incomplete character.
    var text: String {
        var end = bytes.count
        var continuation = 0
        while end > 0, continuation < 3, bytes[end - 1] & 0xC0 == 0x80 { end -= 1; continuation += 1 }
        if end > 0, bytes[end - 1] >= 0xC0 {
            let lead = bytes[end - 1]
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            end = continuation + 1 < length ? end - 1 : bytes.count
        } else {
            end = bytes.count
        }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
}
