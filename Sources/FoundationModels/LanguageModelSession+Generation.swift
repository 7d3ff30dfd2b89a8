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

    /// The session's decoder, created with the model's backend on first use.
    func decoder(_ backend: any LanguageModelBackend) throws -> any BackendDecoder {
        try state.withLock { state in
            if let box = state.decoder { return box.decoder }
            let decoder = try backend.makeDecoder()
            state.decoder = DecoderBox(decoder)
            return decoder
        }
    }

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
        guard languageModel is SystemLanguageModel else {
            return try await generateThroughExecutor(languageModel, request: request, onUpdate: onUpdate)
        }
        if request.contextOptions.reasoningLevel != nil {
            throw LanguageModelError.unsupportedCapability(.init(
                capability: .reasoning, debugDescription: "The model does not support reasoning: the request sets a reasoning level."))
        }
        if !tools.isEmpty { return try await generateWithTools(request, onUpdate: onUpdate ?? { _, _ in }) }
        let transcript = try await beginRequest()
        defer { endRequest() }
        try refuseOversizedPrompt(request.prompt.text)
        let responseKind = try admit(request, after: transcript)
        let jsonSchema = try request.schema?.jsonSchema()
        let promptEntry = Transcript.Entry.prompt(.init(
            segments: [.text(.init(content: request.prompt.text))],
            options: request.options, responseFormat: request.responseFormat))
        var pending = [promptEntry]
        let turn = try await onEngineThread {
            try await decodeTurn(backend: try model.backend(), entries: transcript.entries + pending, jsonSchema: jsonSchema,
                                 request: request, onUpdate: onUpdate)
        }
        try checkOutput(turn.text, responseKind: responseKind)
        pending.append(.response(.init(assetIDs: [], segments: [
            jsonSchema == nil
                ? .text(.init(content: turn.text))
                : .structure(.init(source: request.responseFormat?.name ?? "schema", content: turn.content)),
        ])))
        let entries = state.withLock { state -> ArraySlice<Transcript.Entry> in
            state.transcript.entries.append(contentsOf: pending)
            state.usage = state.usage.adding(turn.usage)
            return state.transcript.entries.suffix(pending.count)
        }
        return GenerationResult(content: turn.content, entries: entries, usage: turn.usage)
    }

    /// Refuses a prompt that cannot fit the context window whatever its tokens, before any
    /// other work on it: the language and guardrail checks and the tokenizer would spend
    /// seconds on 10 MB of text. Shorter prompts are left to the exact count in `decodeTurn`.
    private func refuseOversizedPrompt(_ text: String) throws {
        // A token stands for at least one byte, so a shorter text cannot reach the bound.
        guard text.utf8.count >= model.contextSize else { return }
        let backend = try model.backend()
        let atLeast = backend.minimumTokenCount(text)
        guard atLeast < backend.contextSize else {
            throw GenerationError.exceededContextWindowSize(.init(
                debugDescription: "Content contains at least \(atLeast) tokens (\(text.utf8.count) bytes), which exceeds the maximum allowed context size of \(backend.contextSize)."))
        }
    }

    /// Decodes one assistant turn after `entries`: checks the context, evaluates the prompt
    /// (reusing the cached prefix), and samples until the end of the turn, the token limit or
    /// the end of the guided value, reporting each partial result.
    private func decodeTurn(
        backend: any LanguageModelBackend, entries: [Transcript.Entry], jsonSchema: JSONValue?, request: GenerationRequest,
        onUpdate: UpdateHandler?
    ) async throws -> (text: String, content: GeneratedContent, usage: LanguageModelSession.Usage) {
        var turns = PromptRenderer.turns(for: Transcript(entries: entries))
        if let jsonSchema, request.includeSchemaInPrompt, let last = turns.lastIndex(where: { $0.role == .user }) {
            turns[last].content += "\n\n" + PromptRenderer.schemaInstruction(PromptRenderer.promptSchema(jsonSchema).serialized())
        }
        let rendered = backend.render(turns, addGenerationPrompt: true)
        let limit = backend.contextSize
        // Before tokenizing: a prompt that cannot fit is refused without the work.
        let atLeast = backend.minimumTokenCount(rendered)
        guard atLeast < limit else {
            throw GenerationError.exceededContextWindowSize(.init(
                debugDescription: "Content contains at least \(atLeast) tokens (\(rendered.utf8.count) bytes), which exceeds the maximum allowed context size of \(limit)."))
        }
        let promptTokens = backend.tokenizePrompt(rendered)
        guard promptTokens.count < limit else {
            throw GenerationError.exceededContextWindowSize(.init(
                debugDescription: "Content contains \(promptTokens.count) tokens, which exceeds the maximum allowed context size of \(limit)."))
        }
        let decoder = try decoder(backend)
        // The grammar first: the bytes it forces at the start are evaluated with the prompt.
        let constraint = try jsonSchema.map { try backend.makeConstraint(jsonSchema: $0) }
        try Task.checkCancellation()
        let plan = SamplingPlan(request.options)
        let budget = min(request.options.maximumResponseTokens ?? .max, limit - promptTokens.count)
        var output = UTF8Accumulator()
        var generated = 0
        let id = GenerationID()
        let structured = constraint != nil
        // Usage is exact: the prompt's tokens, how many of them the cache already held, and
        // every token the turn added (sampled or forced).
        let input = LanguageModelSession.Usage.Input(
            totalTokenCount: promptTokens.count, cachedTokenCount: decoder.reusablePrefixLength(of: promptTokens))
        func usage(_ generated: Int) -> LanguageModelSession.Usage {
            LanguageModelSession.Usage(input: input, output: .init(totalTokenCount: generated, reasoningTokenCount: 0))
        }
        // Snapshots are built only for a listener (a stream): a plain `respond` parses the
        // text once, at the end.
        let counter = GeneratedTokenCount()
        let onText = onUpdate.map { onUpdate in
            { (text: String) in onUpdate(Self.content(from: text, structured: structured, complete: false, id: id), usage(counter.count)) }
        }
        var sampler = TurnSampler(backend: backend, decoder: decoder, plan: plan)
        if onUpdate != nil { sampler.onGenerated = { counter.count = $0 } }
        try sampler.run(
            prompt: promptTokens, into: &output, generated: &generated, constraint: constraint, budget: budget,
            onText: onText)

        if let constraint, !constraint.isComplete {
            throw GenerationError.decodingFailure(.init(
                debugDescription: "The response stopped after \(generated) tokens before the \(request.responseFormat?.name ?? "structured") value was complete: \(output.text)"))
        }
        let text = output.text   // a character cut off by the token limit is dropped, not shown as U+FFFD
        return (text, try Self.finalContent(from: text, structured: constraint != nil, id: id), usage(generated))
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
