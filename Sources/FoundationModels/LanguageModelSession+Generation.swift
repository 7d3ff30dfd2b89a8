import Foundation
import JSONCore

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
    /// Values the caller attached for the model's executor.
    var metadata: [String: GeneratedContent] = [:]
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
