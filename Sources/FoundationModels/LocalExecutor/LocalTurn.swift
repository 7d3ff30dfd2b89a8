import Foundation
import JSONCore

/// One model turn on the local engine, from an executor request: the prompt as the model's
/// chat template renders it, and the decode that answers it with events on a channel.
///
/// A request without enabled tools is one plain or guided answer (`TurnSampler`). With tools,
/// the turn is decoded by `ToolTurnDecoder` in the model family's `ToolCallSyntax`: the
/// model's first token chooses between an answer and a call turn, each held to its grammar,
/// and a call turn comes back as tool-call events (the session runs the tools and asks again).
///
/// Usage is exact: the prompt's tokens, how many of them the cache already held, and every
/// token the turn added (sampled or forced).
struct LocalTurn {
    typealias Channel = LanguageModelExecutorGenerationChannel

    let backend: any LanguageModelBackend
    let request: LanguageModelExecutorGenerationRequest
    /// The rendered, tokenized prompt.
    let promptTokens: [Int32]
    /// The response schema as JSON Schema, `nil` for text.
    let answerSchema: JSONValue?
    /// The calls grammar, when the request enables tools.
    let callsGrammar: ToolCallGrammar?

    /// Renders and tokenizes the request's prompt.
    ///
    /// - throws: `GenerationError.exceededContextWindowSize` when the prompt does not fit.
    init(backend: any LanguageModelBackend, request: LanguageModelExecutorGenerationRequest) throws {
        self.backend = backend
        self.request = request
        answerSchema = try request.schema?.jsonSchema()
        let tools = request.enabledToolDefinitions
        callsGrammar = tools.isEmpty ? nil : try ToolCallGrammar(tools: tools)
        let syntax = backend.toolCallSyntax
        let transcript = request.transcript
        let includeSchema = request.contextOptions.includeSchemaInPrompt ?? true

        var turns = PromptRenderer.turns(for: transcript, syntax: syntax)
        if callsGrammar == nil {
            if let answerSchema, includeSchema, let last = turns.lastIndex(where: { $0.role == .user }) {
                turns[last].content += "\n\n" + PromptRenderer.schemaInstruction(PromptRenderer.promptSchema(answerSchema).serialized())
            }
        } else {
            // The schema goes with this request's prompt (the transcript's last prompt), the
            // worked examples after the system turn.
            if let answerSchema, includeSchema, let prompt = transcript.entries.lastIndex(where: { if case .prompt = $0 { true } else { false } }) {
                let index = PromptRenderer.turns(for: Transcript(entries: transcript.entries[..<prompt]), syntax: syntax).count
                if index < turns.count {
                    turns[index].content += "\n\n" + PromptRenderer.schemaInstruction(PromptRenderer.promptSchema(answerSchema).serialized())
                }
            }
            var shown: [Transcript.ToolDefinition] = []
            if case .instructions(let instructions)? = transcript.first { shown = instructions.toolDefinitions }
            turns.insert(contentsOf: syntax.exampleTurns(for: shown), at: turns.first?.role == .system ? 1 : 0)
        }
        let rendered = backend.render(turns, addGenerationPrompt: true)
        let limit = backend.contextSize
        // Before tokenizing: a prompt that cannot fit is refused without the work.
        let atLeast = backend.minimumTokenCount(rendered)
        guard atLeast < limit else {
            throw LanguageModelSession.GenerationError.exceededContextWindowSize(.init(
                debugDescription: "Content contains at least \(atLeast) tokens (\(rendered.utf8.count) bytes), which exceeds the maximum allowed context size of \(limit)."))
        }
        promptTokens = backend.tokenizePrompt(rendered)
        guard promptTokens.count < limit else {
            throw LanguageModelSession.GenerationError.exceededContextWindowSize(.init(
                debugDescription: "Content contains \(promptTokens.count) tokens, which exceeds the maximum allowed context size of \(limit)."))
        }
    }

    /// The most tokens the answer may take.
    private var budget: Int {
        min(request.generationOptions.maximumResponseTokens ?? .max, backend.contextSize - promptTokens.count)
    }

    /// Evaluates the prompt (reusing what `decoder` holds) and decodes the turn into `channel`.
    ///
    /// - throws: see ``SystemLanguageModel/Executor/respond(to:model:streamingInto:)``.
    func decode(with decoder: any BackendDecoder, into channel: Channel) throws {
        let input = Channel.Usage.Input(totalTokenCount: promptTokens.count,
                                        cachedTokenCount: decoder.reusablePrefixLength(of: promptTokens))
        let stream = TextStream(channel: channel, input: input)
        if callsGrammar != nil {
            try decodeWithTools(decoder: decoder, stream: stream)
        } else {
            try decodeAnswer(decoder: decoder, stream: stream)
        }
    }

    /// A plain or guided answer.
    private func decodeAnswer(decoder: any BackendDecoder, stream: TextStream) throws {
        // The grammar first: the bytes it forces at the start are evaluated with the prompt.
        let constraint = try answerSchema.map { try backend.makeConstraint(jsonSchema: $0) }
        try Task.checkCancellation()
        var output = UTF8Accumulator()
        var generated = 0
        let counter = GeneratedTokenCount()
        var sampler = TurnSampler(backend: backend, decoder: decoder, plan: SamplingPlan(request.generationOptions))
        let listener = stream.wantsDeltas ? stream.listener(counter: counter) : nil
        if listener != nil { sampler.onGenerated = { counter.count = $0 } }
        try sampler.run(prompt: promptTokens, into: &output, generated: &generated, constraint: constraint, budget: budget,
                        onText: listener)
        if let constraint, !constraint.isComplete {
            throw LanguageModelSession.GenerationError.decodingFailure(.init(
                debugDescription: "The response stopped after \(generated) tokens before the \(request.schema?.name ?? "structured") value was complete: \(output.text)"))
        }
        // A character cut off by the token limit is dropped, not shown as U+FFFD.
        stream.finish(text: output.text, tokens: generated)
    }

    /// A turn of a request with tools: an answer, or calls.
    private func decodeWithTools(decoder: any BackendDecoder, stream: TextStream) throws {
        let options = request.generationOptions
        var turn = ToolTurnDecoder(
            backend: backend, decoder: decoder, plan: SamplingPlan(options), syntax: backend.toolCallSyntax,
            callsGrammar: callsGrammar, prompt: promptTokens, answerSchema: answerSchema, budget: budget)
        // The tool-calling mode is held by the grammar: `.required` allows only a call.
        turn.requiresCall = options.toolCallingMode == .required
        try Task.checkCancellation()
        try decoder.evaluate(promptTokens)
        let listener = stream.wantsDeltas ? stream.listener(counter: turn.tokens) : nil
        switch try turn.decode(onAnswerText: listener ?? { _ in }) {
        case .answer(let text):
            stream.finish(text: text, tokens: turn.tokens.count)
        case .calls(let text):
            let calls: [Transcript.ToolCall]
            do {
                calls = try backend.toolCallSyntax.calls(in: text, toolNames: request.enabledToolDefinitions.map(\.name))
            } catch {
                throw LanguageModelSession.GenerationError.decodingFailure(.init(debugDescription: "\(error)"))
            }
            for call in calls {
                stream.channel.sendNow(.toolCalls(action: .toolCall(
                    id: call.id, name: call.toolName, action: .appendArguments(call.arguments.jsonString, tokenCount: 0))))
            }
            stream.channel.sendNow(.toolCalls(action: .updateUsage(
                input: stream.input, output: .init(totalTokenCount: turn.tokens.count, reasoningTokenCount: 0))))
        }
    }
}

/// Sends a turn's answer text: as deltas after every step when someone listens, else once.
struct TextStream {
    let channel: LanguageModelExecutorGenerationChannel
    let input: LanguageModelExecutorGenerationChannel.Usage.Input
    /// What was sent so far. A class, because the decode loop's text callback cannot capture
    /// an `inout` stream.
    private let progress = Progress()

    /// Reports the input at once, so a stream's snapshots carry it from the first.
    init(channel: LanguageModelExecutorGenerationChannel, input: LanguageModelExecutorGenerationChannel.Usage.Input) {
        self.channel = channel
        self.input = input
        if channel.wantsDeltas {
            channel.sendNow(.response(action: .updateUsage(input: input, output: .init(totalTokenCount: 0, reasoningTokenCount: 0))))
        }
    }

    var wantsDeltas: Bool { channel.wantsDeltas }

    /// A text listener for the decode loop: sends what `text` adds to what was sent, with the
    /// tokens `counter` says were generated since, and the usage so far.
    func listener(counter: GeneratedTokenCount) -> (String) -> Void {
        { text in send(text, tokens: counter.count) }
    }

    /// Sends whatever of `text` was not sent yet, and the turn's final usage.
    func finish(text: String, tokens: Int) {
        if !send(text, tokens: tokens), progress.bytes == 0 {
            // An empty answer still makes a response entry.
            channel.sendNow(.response(action: .appendText("", tokenCount: tokens)))
        }
        channel.sendNow(.response(action: .updateUsage(
            input: input, output: .init(totalTokenCount: tokens, reasoningTokenCount: 0))))
    }

    /// Sends the part of `text` past what was sent; false when there is none.
    @discardableResult
    private func send(_ text: String, tokens: Int) -> Bool {
        let bytes = text.utf8.count
        guard bytes > progress.bytes else { return false }
        let delta = String(decoding: text.utf8.dropFirst(progress.bytes), as: UTF8.self)
        // The delta's token count keeps the session's usage exact between the usage reports
        // at the start and the end.
        channel.sendNow(.response(action: .appendText(delta, tokenCount: max(0, tokens - progress.tokens))))
        progress.bytes = bytes
        progress.tokens = tokens
        return true
    }

    final class Progress: @unchecked Sendable {
        // @unchecked Sendable: touched only by the one decode loop that owns the stream.
        var bytes = 0
        var tokens = 0
    }
}
