extension LanguageModelSession {
    /// Loads the model and evaluates the instructions (and a prompt prefix, when given) into
    /// the session's KV cache, so the first response starts sooner.
    ///
    /// Runs in the background; a no-op while the session is responding. A request made while
    /// it runs waits for it, then starts from the warmed cache.
    public func prewarm(promptPrefix: Prompt? = nil) {
        Task { try? await prewarmNow(promptPrefix: promptPrefix) }
    }

    /// Prewarms and waits for it (for tools and benchmarks that measure the warmed state).
    package func prewarmAndWait(promptPrefix: Prompt? = nil) async throws {
        try await prewarmNow(promptPrefix: promptPrefix)
    }

    /// Prewarms and waits for it: the work ``prewarm(promptPrefix:)`` starts.
    func prewarmNow(promptPrefix: Prompt?) async throws {
        let started = state.withLock { state -> Transcript? in
            guard !state.isResponding, !state.isPrewarming else { return nil }
            state.isPrewarming = true
            return state.transcript
        }
        guard let transcript = started else { return }
        defer {
            let waiters = state.withLock { state in
                state.isPrewarming = false
                defer { state.prewarmWaiters.removeAll() }
                return state.prewarmWaiters
            }
            for waiter in waiters { waiter.resume() }
        }
        try await onEngineThread { try warm(transcript: transcript, promptPrefix: promptPrefix) }
    }

    /// The synchronous part of a prewarm: renders and evaluates the instructions and prefix.
    private func warm(transcript: Transcript, promptPrefix: Prompt?) throws {
        let backend = try model.backend()
        var turns = PromptRenderer.turns(for: transcript)
        if let promptPrefix { turns.append(ChatTurn(role: .user, content: promptPrefix.text)) }
        var text = backend.render(turns, addGenerationPrompt: false)
        if let prefix = promptPrefix?.text, let range = text.range(of: prefix, options: .backwards) {
            // Keep the text up to the end of the prefix: what follows it depends on the prompt.
            text = String(text[..<range.upperBound])
        }
        var tokens = backend.tokenizePrompt(text)
        if tokens.count >= backend.contextSize { tokens = Array(tokens.prefix(backend.contextSize - 1)) }
        try decoder(backend).evaluate(tokens)
    }
}
