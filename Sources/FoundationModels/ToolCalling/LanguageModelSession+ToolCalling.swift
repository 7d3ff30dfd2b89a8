import Foundation

extension LanguageModelSession {
    /// How many call turns one request may take before the session gives up, when
    /// ``maximumToolCallRounds`` is not set: enough for a few dependent lookups, few enough that
    /// a model that keeps calling tools fails in seconds rather than filling the context.
    public static let defaultMaximumToolCallRounds = 8

    /// How many call turns one request may take (beyond Apple's API). A request whose model
    /// writes one more call turn after this many throws `GenerationError.decodingFailure` naming
    /// the bound; the transcript is left as it was before the request.
    ///
    /// ```swift
    /// let session = LanguageModelSession(tools: [WeatherTool()])
    /// session.maximumToolCallRounds = 2
    /// ```
    public var maximumToolCallRounds: Int {
        get { state.withLock { $0.maximumToolCallRounds } }
        set { state.withLock { $0.maximumToolCallRounds = max(0, newValue) } }
    }

    /// Runs a request in a session with tools: decodes turns until the model answers, running
    /// the calls of each call turn concurrently and adding them and their output to the
    /// transcript.
    ///
    /// Each turn is decoded by `ToolTurnDecoder`: the model's first token chooses between an
    /// answer and calls, and calls are held to `ToolCallGrammar`, so every call names a tool of
    /// the session and carries arguments its schema accepts. The request's entries (prompt,
    /// calls, outputs, response) join the transcript only when the request succeeds, so a
    /// failed request leaves it as it was.
    ///
    /// - throws: ``ToolCallError`` wrapping the error of a tool that throws or whose arguments
    ///   do not decode into its `Arguments`; `GenerationError.decodingFailure` when the model
    ///   is still calling tools after ``maximumToolCallRounds`` call turns; the errors of
    ///   requests without tools (language, guardrails, context size, cancellation).
    func generateWithTools(
        _ request: GenerationRequest,
        onUpdate: @escaping UpdateHandler
    ) async throws -> GenerationResult {
        let transcript = try await beginRequest()
        defer { endRequest() }
        let responseKind = try admit(request, after: transcript)

        let backend = try model.backend()
        let answerSchema = try request.schema?.jsonSchema()
        let definitions = tools.map { Transcript.ToolDefinition(tool: $0) }
        let callsSchema = try ToolCallGrammar(tools: definitions).schema
        let rounds = maximumToolCallRounds
        let plan = SamplingPlan(request.options)
        let limit = backend.contextSize
        let decoder = try decoder(backend)
        let parser = ToolCallArrayParser(toolNames: tools.map(\.name))

        let promptEntry = Transcript.Entry.prompt(.init(
            segments: [.text(.init(content: request.prompt.text))],
            options: request.options, responseFormat: request.responseFormat))
        let shown = Self.transcriptShowingTools(transcript, tools: tools)
        let examples = ToolCallFormat.exampleTurns(for: shown.first.flatMap { entry in
            if case .instructions(let instructions) = entry { instructions.toolDefinitions } else { nil }
        } ?? [])
        var added: [Transcript.Entry] = [promptEntry]
        var callTurns = 0
        let id = GenerationID()
        var usage = LanguageModelSession.Usage.zero

        let shownTurns = PromptRenderer.turns(for: shown)
        while true {
            // The earlier requests' turns, then this request's (its prompt first).
            var turns = shownTurns + PromptRenderer.turns(for: Transcript(entries: added))
            if let answerSchema, request.includeSchemaInPrompt, shownTurns.count < turns.count {
                turns[shownTurns.count].content += "\n\n" + PromptRenderer.schemaInstruction(PromptRenderer.promptSchema(answerSchema).serialized())
            }
            turns.insert(contentsOf: examples, at: turns.first?.role == .system ? 1 : 0)
            let promptTokens = backend.tokenizePrompt(backend.render(turns, addGenerationPrompt: true))
            guard promptTokens.count < limit else {
                throw GenerationError.exceededContextWindowSize(.init(
                    debugDescription: "Content contains \(promptTokens.count) tokens, which exceeds the maximum allowed context size of \(limit)."))
            }
            // The tool-calling mode is held by the grammar: no calls allowed, or only a call.
            var turn = ToolTurnDecoder(
                backend: backend, decoder: decoder, plan: plan,
                callsSchema: request.options.toolCallingMode == .disallowed ? nil : callsSchema,
                answerSchema: answerSchema,
                budget: min(request.options.maximumResponseTokens ?? .max, limit - promptTokens.count))
            turn.requiresCall = request.options.toolCallingMode == .required
            // Exact usage, as for a request without tools: this turn's prompt, the part of it
            // the cache held, and the turn's tokens; added over the request's turns.
            let input = LanguageModelSession.Usage.Input(
                totalTokenCount: promptTokens.count, cachedTokenCount: decoder.reusablePrefixLength(of: promptTokens))
            let usageBefore = usage
            let tokens = turn.tokens
            let turnUsage = { @Sendable in
                usageBefore.adding(LanguageModelSession.Usage(input: input, output: .init(totalTokenCount: tokens.count, reasoningTokenCount: 0)))
            }
            let outcome = try await onEngineThread {
                try Task.checkCancellation()
                try decoder.evaluate(promptTokens)
                return try turn.decode { text in
                    onUpdate(Self.content(from: text, structured: answerSchema != nil, complete: false, id: id), turnUsage())
                }
            }
            usage = turnUsage()

            switch outcome {
            case .answer(let text):
                try checkOutput(text, responseKind: responseKind)
                let content = try Self.finalContent(from: text, structured: answerSchema != nil, id: id)
                added.append(.response(.init(assetIDs: [], segments: [
                    answerSchema == nil
                        ? .text(.init(content: text))
                        : .structure(.init(source: request.responseFormat?.name ?? "schema", content: content)),
                ])))
                let entries = state.withLock { state -> ArraySlice<Transcript.Entry> in
                    state.transcript.entries.append(contentsOf: added)
                    state.usage = state.usage.adding(usage)
                    return state.transcript.entries.suffix(added.count)
                }
                return GenerationResult(content: content, entries: entries, usage: usage)

            case .calls(let json):
                guard callTurns < rounds else { throw Self.toolRoundsExceeded(rounds) }
                let calls: [Transcript.ToolCall]
                do {
                    calls = try parser.calls(in: json)
                } catch {
                    throw GenerationError.decodingFailure(.init(debugDescription: "\(error)"))
                }
                callTurns += 1
                added.append(.toolCalls(Transcript.ToolCalls(calls)))
                let outputs = try await Self.run(calls, with: tools)
                try checkInput(outputs.map { $0.segments.plainText }, responseKind: responseKind)
                added.append(contentsOf: outputs.map(Transcript.Entry.toolOutput))
            }
        }
    }

    /// The error for a model that keeps calling tools.
    static func toolRoundsExceeded(_ rounds: Int) -> GenerationError {
        .decodingFailure(.init(debugDescription:
            "The model was still calling tools after \(rounds) call turns (maximumToolCallRounds = \(rounds)); no answer was produced."))
    }

    /// Runs one turn's calls concurrently and returns their outputs in call order.
    ///
    /// - throws: ``ToolCallError`` for the first call that fails (the others are cancelled).
    static func run(_ calls: [Transcript.ToolCall], with tools: [any Tool]) async throws -> [Transcript.ToolOutput] {
        var toolsByName: [String: any Tool] = [:]
        for tool in tools where toolsByName[tool.name] == nil { toolsByName[tool.name] = tool }
        return try await withThrowingTaskGroup(of: (Int, Transcript.ToolOutput).self) { group in
            for (index, call) in calls.enumerated() {
                guard let tool = toolsByName[call.toolName] else { continue }
                group.addTask {
                    do {
                        let segments = try await tool.segments(calling: call.arguments)
                        return (index, Transcript.ToolOutput(id: call.id, toolName: call.toolName, segments: segments))
                    } catch let error as ToolCallError {
                        throw error
                    } catch {
                        throw ToolCallError(tool: tool, underlyingError: error)
                    }
                }
            }
            var outputs: [Transcript.ToolOutput?] = Array(repeating: nil, count: calls.count)
            for try await (index, output) in group { outputs[index] = output }
            return outputs.compactMap { $0 }
        }
    }

    /// The transcript as the model is shown it: tools that do not include their schema in
    /// the instructions are left out of the definitions (they stay callable).
    static func transcriptShowingTools(_ transcript: Transcript, tools: [any Tool]) -> Transcript {
        guard case .instructions(var instructions)? = transcript.first else { return transcript }
        instructions.toolDefinitions = ToolCallFormat.visibleDefinitions(instructions.toolDefinitions, tools: tools)
        var entries = Array(transcript)
        entries[0] = .instructions(instructions)
        return Transcript(entries: entries)
    }
}

extension Tool {
    /// Decodes the arguments, calls the tool and returns what it said as transcript segments:
    /// structured for generable output, text otherwise.
    ///
    /// - throws: ``ToolCallError`` when the arguments do not decode into `Arguments`; the
    ///   tool's own error otherwise.
    func segments(calling content: GeneratedContent) async throws -> [Transcript.Segment] {
        let arguments: Arguments
        do {
            arguments = try Arguments(content)
        } catch {
            throw ToolCallError(tool: self, underlyingError: error)
        }
        let output = try await call(arguments: arguments)
        if let structured = output as? any ConvertibleToGeneratedContent, !(output is String) {
            return [.structure(.init(source: name, content: structured.generatedContent))]
        }
        return [.text(.init(content: output.promptRepresentation.text))]
    }
}
