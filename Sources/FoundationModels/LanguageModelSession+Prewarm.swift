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
        try await warm(languageModel, transcript: transcript, promptPrefix: promptPrefix)
    }

    /// Has the model's executor load what it needs and prefill what it can: the local engine
    /// evaluates the instructions and prefix into an idle KV cache, which the first request
    /// then finds; another model's executor gets `prewarm(model:transcript:)`.
    private func warm<Model: LanguageModel>(_ model: Model, transcript: Transcript, promptPrefix: Prompt?) async throws {
        let executor = try ExecutorCache.shared.executor(for: model)
        if let system = model as? SystemLanguageModel, let local = executor as? SystemLanguageModel.Executor {
            try await local.warm(model: system, transcript: transcript, promptPrefix: promptPrefix)
        } else {
            executor.prewarm(model: model, transcript: transcript)
        }
    }
}
