import Foundation
import Synchronization

extension LanguageModelSession {
    /// Refuses a request whose text cannot fit the system model's context window whatever its
    /// tokens, before any other work on it: the prompt, the instructions and the definitions of
    /// the tools they show, each of which the rendered conversation holds (tool text escaped as
    /// JSON, never shorter). A token stands for at least one byte, so a shorter text is left to
    /// the exact count in `LocalTurn`.
    static func refuseOversizedRequest(_ prompt: Prompt, shown transcript: Transcript, on model: SystemLanguageModel) throws {
        var texts = inputTexts(transcript: transcript, prompt: prompt)
        if case .instructions(let instructions)? = transcript.first {
            texts += instructions.toolDefinitions.flatMap { [$0.name, $0.description] }
        }
        let bytes = texts.reduce(0) { $0 + $1.utf8.count }
        guard bytes >= model.contextSize else { return }
        let text = texts.joined()
        let backend = try model.backend()
        let atLeast = backend.minimumTokenCount(text)
        guard atLeast < backend.contextSize else {
            throw GenerationError.exceededContextWindowSize(.init(
                debugDescription: "Content contains at least \(atLeast) tokens (\(text.utf8.count) bytes), which exceeds the maximum allowed context size of \(backend.contextSize)."))
        }
    }

    /// Runs a request through the session's model's executor: checks the model's capabilities,
    /// sends the transcript, coalesces the events into entries, runs the tools the model
    /// calls and sends the transcript again, until the model answers.
    ///
    /// The transcript changes only when the request succeeds (prompt, reasoning, calls,
    /// outputs, response); a failed request leaves it as it was.
    ///
    /// - throws: `LanguageModelError.unsupportedCapability` before the executor runs when the
    ///   request needs what the model lacks; the executor's errors; ``ToolCallError``;
    ///   `GenerationError.decodingFailure` when a guided answer is not valid JSON, a call names
    ///   a tool the session lacks, or the model keeps calling tools past
    ///   ``maximumToolCallRounds``; `CancellationError`.
    func generateThroughExecutor<Model: LanguageModel>(
        _ model: Model, request: GenerationRequest, onUpdate: UpdateHandler?
    ) async throws -> GenerationResult {
        let transcript = try await beginRequest()
        defer { endRequest() }
        if !(model is SystemLanguageModel) {
            do {
                try request.options.validate()
            } catch {
                throw GenerationError.decodingFailure(.init(debugDescription: "Invalid GenerationOptions: \(error.description)."))
            }
        }
        // The system model's policies (its languages, its guardrails) are the session's to
        // apply; another model's provider applies its own. A prompt that cannot fit the
        // context is refused first: those checks would spend seconds on 10 MB of text.
        // Tools that keep their schema out of the instructions stay callable but unshown.
        let shown = tools.isEmpty ? transcript : Self.transcriptShowingTools(transcript, tools: tools)
        if let system = model as? SystemLanguageModel { try Self.refuseOversizedRequest(request.prompt, shown: shown, on: system) }
        let guardrails = try (model as? SystemLanguageModel).map { _ in try admit(request, after: transcript) }
        try Self.checkCapabilities(model.capabilities, for: request, transcript: transcript, tools: tools)
        let executor = try ExecutorCache.shared.executor(for: model)

        let callsAllowed = request.options.toolCallingMode != .disallowed
        let enabledTools = callsAllowed ? tools.map { Transcript.ToolDefinition(tool: $0) } : []
        let rounds = maximumToolCallRounds
        let id = GenerationID()
        var added: [Transcript.Entry] = [.prompt(.init(segments: request.prompt.segments, options: request.options,
                                                        responseFormat: request.responseFormat))]
        var usage = LanguageModelSession.Usage.zero
        var callTurns = 0

        while true {
            let executorRequest = LanguageModelExecutorGenerationRequest(
                id: UUID(), transcript: Transcript(entries: shown.entries + added), enabledTools: enabledTools,
                schema: request.schema, generationOptions: request.options,
                contextOptions: ContextOptions(includeSchemaInPrompt: request.includeSchemaInPrompt,
                                               reasoningLevel: request.contextOptions.reasoningLevel),
                metadata: request.metadata)
            let turn = Mutex(EventCoalescer())
            let usageBefore = usage
            let structured = request.schema != nil
            let published = Mutex("")   // the text the last snapshot showed
            let channel = LanguageModelExecutorGenerationChannel(wantsDeltas: onUpdate != nil) { event in
                guard let onUpdate else {
                    turn.withLock { $0.apply(event) }
                    return
                }
                // A snapshot when the text changed; usage and metadata ride on the next one.
                guard event.changesResponseText else {
                    turn.withLock { $0.apply(event) }
                    return
                }
                let (text, turnUsage) = turn.withLock { coalescer in
                    coalescer.apply(event)
                    return (coalescer.responseText, coalescer.usage)
                }
                let changed = published.withLock { last in
                    defer { last = text }
                    return last != text
                }
                if changed {
                    onUpdate(Self.content(from: text, structured: structured, complete: false, id: id), usageBefore.adding(turnUsage))
                }
            }
            try await executor.respond(to: executorRequest, model: model, streamingInto: channel)
            try Task.checkCancellation()
            let coalescer = turn.withLock { $0 }
            usage = usage.adding(coalescer.usage)
            added.append(contentsOf: coalescer.reasoningEntries)

            let calls = coalescer.calls
            if calls.isEmpty {
                let text = coalescer.responseText
                if let guardrails { try checkOutput(text, responseKind: guardrails) }
                let content = try Self.finalContent(from: text, structured: structured, id: id)
                let structure = structured ? (source: request.responseFormat?.name ?? "schema", content: content) : nil
                var responses = coalescer.responseEntries(structure: structure)
                if responses.isEmpty {
                    responses = [.response(.init(assetIDs: [], segments: structure.map { [.structure(.init(source: $0.source, content: $0.content))] }
                                                  ?? [.text(.init(content: text))]))]
                }
                added.append(contentsOf: responses)
                let entries = state.withLock { state -> ArraySlice<Transcript.Entry> in
                    state.transcript.entries.append(contentsOf: added)
                    state.usage = state.usage.adding(usage)
                    return state.transcript.entries.suffix(added.count)
                }
                return GenerationResult(content: content, entries: entries, usage: usage)
            }

            guard callsAllowed, !tools.isEmpty else {
                throw GenerationError.decodingFailure(.init(debugDescription:
                    "The model called \(calls.map(\.name).joined(separator: ", ")), but "
                    + (tools.isEmpty ? "the session has no tools." : "the request's toolCallingMode is disallowed.")))
            }
            guard callTurns < rounds else { throw Self.toolRoundsExceeded(rounds) }
            callTurns += 1
            let toolCalls = try calls.map { try Self.transcriptCall($0, tools: tools) }
            added.append(.toolCalls(Transcript.ToolCalls(toolCalls)))
            let outputs = try await Self.run(toolCalls, with: tools)
            if let guardrails { try checkInput(outputs.map { $0.segments.plainText }, responseKind: guardrails) }
            added.append(contentsOf: outputs.map(Transcript.Entry.toolOutput))
        }
    }

    /// A streamed call as a transcript call: its tool must be one of the session's and its
    /// arguments one JSON object.
    static func transcriptCall(_ call: EventCoalescer.CallDraft, tools: [any Tool]) throws -> Transcript.ToolCall {
        guard tools.contains(where: { $0.name == call.name }) else {
            throw GenerationError.decodingFailure(.init(debugDescription:
                "The model called '\(call.name)', which is not one of the session's tools (\(tools.map(\.name).joined(separator: ", ")))."))
        }
        let arguments: GeneratedContent
        do {
            arguments = try GeneratedContent(json: call.arguments.isEmpty ? "{}" : call.arguments)
        } catch {
            throw GenerationError.decodingFailure(.init(debugDescription:
                "The arguments of the call to '\(call.name)' are not valid JSON: \(error)"))
        }
        guard case .structure = arguments.kind else {
            throw GenerationError.decodingFailure(.init(debugDescription:
                "The arguments of the call to '\(call.name)' are not a JSON object: \(call.arguments)"))
        }
        return Transcript.ToolCall(id: call.id, metadata: call.metadata, toolName: call.name, arguments: arguments)
    }

    /// Throws Apple's error for the first thing `request` needs that `capabilities` lacks.
    ///
    /// - throws: `LanguageModelError.unsupportedCapability` naming the capability.
    static func checkCapabilities(
        _ capabilities: LanguageModelCapabilities, for request: GenerationRequest, transcript: Transcript, tools: [any Tool]
    ) throws {
        func refuse(_ capability: LanguageModelCapabilities.Capability, _ why: String) throws {
            guard !capabilities.contains(capability) else { return }
            throw LanguageModelError.unsupportedCapability(.init(
                capability: capability, debugDescription: "The model does not support \(capability): \(why)."))
        }
        if request.schema != nil { try refuse(.guidedGeneration, "the request asks for a response that follows a schema") }
        if !tools.isEmpty, request.options.toolCallingMode != .disallowed {
            try refuse(.toolCalling, "the session has tools (\(tools.map(\.name).joined(separator: ", ")))")
        }
        if request.contextOptions.reasoningLevel != nil { try refuse(.reasoning, "the request sets a reasoning level") }
        let attachments = transcript.flatMap(\.segments) + request.prompt.segments
        if attachments.contains(where: { if case .attachment = $0 { true } else { false } }) {
            try refuse(.vision, "the transcript or prompt holds an image attachment")
        }
    }
}
