extension SystemLanguageModel {
    /// The number of tokens the prompt takes in a conversation: its user turn as the model's
    /// chat template writes it (role markers included), counted by the model's tokenizer.
    ///
    /// ```swift
    /// let cost = try await model.tokenCount(for: "Summarize this note.")
    /// ```
    ///
    /// The counts of the overloads add up: for a template whose turns each start with a
    /// control token (ChatML, Llama 3), `tokenCount(for: [instructions, prompt])` is the count
    /// of an empty transcript (the BOS token, where the model has one) plus the instructions'
    /// count plus the prompt's.
    ///
    /// - parameter prompt: The prompt to count, such as a `String` or a ``Prompt``.
    /// - returns: The token count for the prompt.
    /// - throws: `LanguageModelError.unsupportedCapability` if the prompt holds an image
    ///   attachment (the local model has no vision), `GenerationError.assetsUnavailable`
    ///   when the model cannot be loaded, or `GenerationError.exceededContextWindowSize`, with
    ///   the numbers, for a prompt too long to fit the context window whatever its tokens
    ///   (hundreds of kilobytes and more; checked before tokenizing it). Shorter prompts are
    ///   counted exactly, even when the count is past `contextSize`.
    nonisolated(nonsending) public func tokenCount(for prompt: some PromptRepresentable) async throws -> Int {
        let prompt = prompt.promptRepresentation
        try LanguageModelSession.refuseAttachments(in: Transcript(), prompt: prompt)
        let counter = try TokenCounter(backend: backend())
        // After an (empty) system turn, so no default system prompt is counted with it.
        return try counter.added([userTurn(prompt.segments)], after: [ChatTurn(role: .system, content: "")])
    }

    /// The number of tokens the instructions take in a conversation: their system turn as the
    /// model's chat template writes it, counted by the model's tokenizer. A template without a
    /// system turn (Gemma) puts the instructions in front of the first user turn; then the
    /// count is the tokens that adds.
    ///
    /// ```swift
    /// let cost = try await model.tokenCount(for: Instructions("Answer in one sentence."))
    /// ```
    /// - parameter instructions: The instructions to count.
    /// - returns: The token count for the instructions.
    /// - throws: `LanguageModelError.unsupportedCapability` if the instructions hold an image
    ///   attachment, `GenerationError.assetsUnavailable` when the model cannot be loaded, or
    ///   `GenerationError.exceededContextWindowSize` for instructions too long to fit the context
    ///   window whatever their tokens (as for a prompt).
    nonisolated(nonsending) public func tokenCount(for instructions: Instructions) async throws -> Int {
        try LanguageModelSession.refuseAttachments(in: Transcript(), prompt: Prompt(components: instructions.components))
        let counter = try TokenCounter(backend: backend())
        return try counter.systemTurn(instructions.segments.plainText)
    }

    /// The number of tokens the tools' definitions add to the instructions: the tool-calling
    /// preamble listing each tool's name, description and argument schema, in the system turn.
    ///
    /// ```swift
    /// let cost = try await model.tokenCount(for: [WeatherTool()])
    /// ```
    /// - parameter tools: The tools to count.
    /// - returns: The token count for the tools' definitions (0 for no tools).
    /// - throws: `GenerationError.assetsUnavailable` when the model cannot be loaded, or
    ///   `GenerationError.exceededContextWindowSize` for definitions too long to fit the context
    ///   window whatever their tokens (as for a prompt).
    nonisolated(nonsending) public func tokenCount(for tools: [any Tool]) async throws -> Int {
        let backend = try backend()
        let counter = TokenCounter(backend: backend)
        let definitions = tools.map { Transcript.ToolDefinition(tool: $0) }
        return try counter.systemTurn(backend.toolCallSyntax.systemText(instructions: "", tools: definitions)) - counter.systemTurn("")
    }

    /// The number of tokens the schema adds to a prompt when it is shown to the model
    /// (`includeSchemaInPrompt: true`, the default of `respond(to:schema:)` and
    /// `respond(to:generating:)`): the sentence and JSON Schema appended to the user turn.
    /// Exact for a prompt that ends in a character other than whitespace, whose tokens then
    /// cannot merge with the sentence's.
    ///
    /// ```swift
    /// let cost = try await model.tokenCount(for: Recipe.generationSchema)
    /// ```
    /// - parameter schema: The schema to count.
    /// - returns: The token count for the schema in the prompt.
    /// - throws: `GenerationSchema.SchemaError` if the schema cannot be written as JSON Schema,
    ///   `GenerationError.assetsUnavailable` when the model cannot be loaded, or
    ///   `GenerationError.exceededContextWindowSize` for a schema too long to fit the context
    ///   window whatever its tokens (as for a prompt).
    nonisolated(nonsending) public func tokenCount(for schema: GenerationSchema) async throws -> Int {
        let counter = try TokenCounter(backend: backend())
        let instruction = "\n\n" + PromptRenderer.schemaInstruction(PromptRenderer.promptSchema(try schema.jsonSchema()).serialized())
        // Measured after some prompt text, as in a request: after the bare role line the
        // tokenizer would merge the sentence's leading newlines with the role's newline.
        let opening = ChatTurn(role: .system, content: ""), prompt = "."
        return try counter.added([ChatTurn(role: .user, content: prompt + instruction)], after: [opening])
            - counter.added([ChatTurn(role: .user, content: prompt)], after: [opening])
    }

    /// The number of tokens the transcript entries take: the conversation as the session
    /// renders it with the model's chat template (and the BOS token where the model has one),
    /// without the opening of the next response.
    ///
    /// ```swift
    /// let used = try await model.tokenCount(for: session.transcript)
    /// ```
    /// - parameter transcriptEntries: The entries to count, such as a session's transcript.
    /// - returns: The token count for the entries.
    /// - throws: `LanguageModelError.unsupportedCapability` if an entry holds an image
    ///   attachment, `GenerationError.assetsUnavailable` when the model cannot be loaded, or
    ///   `GenerationError.exceededContextWindowSize` for entries too long to fit the context
    ///   window whatever their tokens (as for a prompt).
    nonisolated(nonsending) public func tokenCount(for transcriptEntries: some Collection<Transcript.Entry>) async throws -> Int {
        let transcript = Transcript(entries: transcriptEntries)
        try LanguageModelSession.refuseAttachments(in: transcript, prompt: Prompt(components: []))
        let backend = try backend()
        return try TokenCounter(backend: backend).conversation(PromptRenderer.turns(for: transcript, syntax: backend.toolCallSyntax))
    }

    /// The user turn of a prompt, as the session renders it.
    private func userTurn(_ segments: [Transcript.Segment]) -> ChatTurn {
        ChatTurn(role: .user, content: Transcript.Prompt(segments: segments).segments.plainText)
    }
}
