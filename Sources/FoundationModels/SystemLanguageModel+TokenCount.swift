extension SystemLanguageModel {
    /// The number of tokens the prompt takes, as the model's tokenizer counts it.
    public func tokenCount(for prompt: Prompt) async throws -> Int {
        try backend().tokenize(prompt.text).count
    }

    /// The number of tokens the instructions take.
    public func tokenCount(for instructions: Instructions) async throws -> Int {
        try backend().tokenize(instructions.text).count
    }

    /// The number of tokens the schema takes when it is shown to the model in a prompt.
    public func tokenCount(for schema: GenerationSchema) async throws -> Int {
        let backend = try backend()
        return backend.tokenize(PromptRenderer.schemaInstruction(PromptRenderer.promptSchema(try schema.jsonSchema()).serialized())).count
    }

    /// The number of tokens the tools' definitions take in the instructions.
    public func tokenCount(for tools: [any Tool]) async throws -> Int {
        let backend = try backend()
        let entry = Transcript.Entry.instructions(.init(segments: [], toolDefinitions: tools.map { Transcript.ToolDefinition(tool: $0) }))
        return backend.tokenize(PromptRenderer.turn(for: entry)?.content ?? "").count
    }

    /// The number of tokens the transcript entries take, rendered with the chat template.
    public func tokenCount(for transcriptEntries: some Collection<Transcript.Entry>) async throws -> Int {
        let backend = try backend()
        let turns = PromptRenderer.turns(for: Transcript(entries: transcriptEntries))
        return backend.tokenizePrompt(backend.render(turns, addGenerationPrompt: false)).count
    }
}
