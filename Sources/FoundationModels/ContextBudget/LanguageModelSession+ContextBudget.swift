extension LanguageModelSession {
    /// A new session on the same model and tools that continues this one with its
    /// instructions and the most recent turns that fit, for use after
    /// `exceededContextWindowSize` (beyond Apple's API).
    ///
    /// ```swift
    /// do { try await session.respond(to: prompt) }
    /// catch LanguageModelSession.GenerationError.exceededContextWindowSize {
    ///     session = try session.trimmed(forNextPrompt: Prompt(prompt))
    ///     try await session.respond(to: prompt)
    /// }
    /// ```
    /// - parameter responseReserve: Tokens to keep free for the next answer.
    /// - throws: `GenerationError.assetsUnavailable` when the model cannot load.
    public func trimmed(forNextPrompt prompt: Prompt? = nil, responseReserve: Int = 400, maximumTurns: Int? = nil) throws -> LanguageModelSession {
        let budget = ContextBudget(model: model, responseReserve: responseReserve)
        let kept = try budget.trimmedTranscript(transcript, nextPrompt: prompt, maximumTurns: maximumTurns)
        let session = LanguageModelSession(model: model, tools: tools, transcript: kept)
        session.maximumToolCallRounds = maximumToolCallRounds
        return session
    }
}
