/// Token-exact planning for the context window (beyond Apple's API): how much data fits next
/// to the instructions, the prompt and room for the answer, and how to carry a conversation
/// on after `exceededContextWindowSize`.
///
/// Counts are the session's own: the instructions, tool definitions and prompt are rendered
/// with the model's chat template and tokenized by its tokenizer, exactly as a request is, so a
/// plan that fits here never makes `respond` throw `exceededContextWindowSize`. This replaces
/// the "1 token ≈ 4 characters" guess, which is wrong for code, numbers and most languages.
///
/// ```swift
/// let budget = ContextBudget(model: .default, responseReserve: 400)
/// let lines = try await budget.fittingLines(items.map(format), instructions: instructions) { data in
///     Prompt("Choose from these items:\n\(data)\n\nRequest: \(request)")
/// }
/// ```
public struct ContextBudget: Sendable {
    /// The model whose tokenizer, chat template and context size are planned for.
    public let model: SystemLanguageModel
    /// Tokens kept free for the response.
    public let responseReserve: Int

    /// - parameter responseReserve: Tokens to keep free for the answer (clamped to at least 0).
    public init(model: SystemLanguageModel = .default, responseReserve: Int = 400) {
        self.model = model
        self.responseReserve = max(0, responseReserve)
    }

    /// The tokens a request with these instructions, tools and prompt takes before the answer,
    /// as the session counts them (chat template and generation prompt included).
    ///
    /// - throws: `GenerationError.assetsUnavailable` when the model cannot load.
    public func promptTokenCount(instructions: Instructions?, tools: [any Tool] = [], prompt: Prompt) throws -> Int {
        let backend = try model.backend()
        var entries: [Transcript.Entry] = []
        var definitions: [Transcript.ToolDefinition] = []
        if instructions != nil || !tools.isEmpty {
            let segments = instructions.map { [Transcript.Segment.text(.init(content: $0.text))] } ?? []
            definitions = tools.map { Transcript.ToolDefinition(tool: $0) }.shown(for: tools)
            entries.append(.instructions(.init(segments: segments, toolDefinitions: definitions)))
        }
        entries.append(.prompt(.init(segments: [.text(.init(content: prompt.text))])))
        var turns = PromptRenderer.turns(for: Transcript(entries: entries), syntax: backend.toolCallSyntax)
        if !tools.isEmpty {
            // As a session with tools renders it (LanguageModelSession+ToolCalling.swift).
            turns.insert(contentsOf: backend.toolCallSyntax.exampleTurns(for: definitions), at: turns.first?.role == .system ? 1 : 0)
        }
        return backend.tokenizePrompt(backend.render(turns, addGenerationPrompt: true)).count
    }

    /// The longest prefix of `lines` that fits: the prompt `makePrompt` builds from the lines
    /// (joined with newlines), plus the instructions, tools and ``responseReserve``, stays within
    /// the model's context.
    ///
    /// Lines are kept in order and whole; it is up to the caller to order them by relevance.
    /// - Note: Costs about log2(lines.count) + 1 tokenizations of the whole prompt.
    /// - returns: The lines that fit, possibly none.
    /// - throws: `GenerationError.exceededContextWindowSize` when the instructions, tools and
    ///   prompt leave no room for the reserve even without data; `assetsUnavailable` when the
    ///   model cannot load.
    public func fittingLines(
        _ lines: [String], instructions: Instructions?, tools: [any Tool] = [],
        prompt makePrompt: (_ data: String) -> Prompt
    ) throws -> [String] {
        let limit = model.contextSize - max(1, responseReserve)
        func fits(_ count: Int) throws -> Bool {
            let prompt = makePrompt(lines.prefix(count).joined(separator: "\n"))
            return try promptTokenCount(instructions: instructions, tools: tools, prompt: prompt) <= limit
        }
        guard try fits(0) else {
            let count = try promptTokenCount(instructions: instructions, tools: tools, prompt: makePrompt(""))
            throw LanguageModelSession.GenerationError.exceededContextWindowSize(.init(debugDescription:
                "Content contains \(count) tokens without any data lines, which with a response reserve of \(responseReserve) exceeds the maximum allowed context size of \(model.contextSize)."))
        }
        if try fits(lines.count) { return lines }
        // Invariant: fits(low) and !fits(high).
        var low = 0
        var high = lines.count
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if try fits(middle) { low = middle } else { high = middle }
        }
        return Array(lines.prefix(low))
    }

    /// A transcript that keeps the instructions (with tool definitions) and as many of the
    /// most recent whole turns as fit in the context less ``responseReserve`` and the tokens
    /// `nextPrompt` will take. A turn is a prompt and everything after it up to the next
    /// prompt (tool calls, tool output, response).
    ///
    /// - parameter maximumTurns: Keep at most this many turns even when more fit.
    /// - throws: `GenerationError.assetsUnavailable` when the model cannot load.
    public func trimmedTranscript(_ transcript: Transcript, nextPrompt: Prompt? = nil, maximumTurns: Int? = nil) throws -> Transcript {
        let backend = try model.backend()
        var head: [Transcript.Entry] = []
        var body = Array(transcript)
        if case .instructions? = body.first { head = [body.removeFirst()] }
        var turns: [[Transcript.Entry]] = []
        for entry in body {
            if case .prompt = entry { turns.append([entry]) } else if turns.isEmpty { turns.append([entry]) } else { turns[turns.count - 1].append(entry) }
        }
        let nextEntries: [Transcript.Entry] = nextPrompt.map { [.prompt(.init(segments: [.text(.init(content: $0.text))]))] } ?? []
        func tokens(_ entries: [Transcript.Entry]) -> Int {
            backend.tokenizePrompt(backend.render(PromptRenderer.turns(for: Transcript(entries: entries), syntax: backend.toolCallSyntax),
                                                  addGenerationPrompt: true)).count
        }
        let limit = model.contextSize - max(1, responseReserve)
        var kept: [[Transcript.Entry]] = []
        for turn in turns.reversed() {
            if let maximumTurns, kept.count >= maximumTurns { break }
            let candidate = head + ([turn] + kept).flatMap { $0 } + nextEntries
            guard tokens(candidate) <= limit else { break }
            kept.insert(turn, at: 0)
        }
        return Transcript(entries: head + kept.flatMap { $0 })
    }
}
