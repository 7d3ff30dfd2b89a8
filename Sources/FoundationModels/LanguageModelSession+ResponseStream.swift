import Synchronization

extension LanguageModelSession {
    /// A response delivered as it is generated: each element is a cumulative snapshot of the
    /// content so far, and the last one equals the final response.
    ///
    /// ```swift
    /// for try await snapshot in session.streamResponse(to: "Tell a story") {
    ///     print(snapshot.content)   // the whole text so far
    /// }
    /// ```
    /// Generation starts when the stream is first iterated or collected, and runs once: iterate
    /// and then `collect()` and you get the same response. Cancelling the iterating task stops
    /// generation within one token.
    public struct ResponseStream<Content: Generable>: AsyncSequence, Sendable {
        /// The content generated so far.
        public struct Snapshot {
            /// The content so far, as the type's partially generated form.
            public var content: Content.PartiallyGenerated
            /// The generated content so far.
            public var rawContent: GeneratedContent
            /// Information about how many tokens were used by this response so far.
            public var usage: LanguageModelSession.Usage
        }

        public typealias Element = Snapshot

        let run: StreamRun

        public struct AsyncIterator: AsyncIteratorProtocol {
            let run: StreamRun
            var index = 0

            public mutating func next() async throws -> Snapshot? {
                while let (raw, usage) = try await run.snapshot(at: index) {
                    index += 1
                    // A prefix that does not convert yet (an object without required fields
                    // in a non-partial type) is skipped; a later snapshot will.
                    if let content = try? Content.PartiallyGenerated(raw) {
                        return Snapshot(content: content, rawContent: raw, usage: usage)
                    }
                }
                return nil
            }
        }

        public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(run: run) }

        /// Waits for the whole response.
        public func collect() async throws -> Response<Content> {
            let result = try await run.result()
            return Response(content: try Content(result.content), result: result)
        }
    }
}

extension LanguageModelSession.ResponseStream.Snapshot: Sendable where Content.PartiallyGenerated: Sendable {}

/// One generation shared by a stream's iterators and `collect()`: started once, its snapshots
/// kept so every consumer sees all of them.
final class StreamRun: Sendable {
    typealias Body = @Sendable (_ onUpdate: @escaping LanguageModelSession.UpdateHandler) async throws -> GenerationResult
    typealias Snapshot = (content: GeneratedContent, usage: LanguageModelSession.Usage)

    private struct State {
        var task: Task<Void, Never>?
        var snapshots: [Snapshot] = []
        var outcome: Result<GenerationResult, any Error>?
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let body: Body
    private let state = Mutex(State())

    init(_ body: @escaping Body) { self.body = body }

    private func startIfNeeded() {
        state.withLock { state in
            guard state.task == nil else { return }
            state.task = Task { [self] in
                let outcome: Result<GenerationResult, any Error>
                do {
                    outcome = .success(try await body { [self] snapshot, usage in publish((snapshot, usage)) })
                } catch {
                    outcome = .failure(error)
                }
                finish(outcome)
            }
        }
    }

    private func publish(_ snapshot: Snapshot) {
        let waiters = state.withLock { state in
            state.snapshots.append(snapshot)
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    private func finish(_ outcome: Result<GenerationResult, any Error>) {
        let waiters = state.withLock { state in
            if case .success(let result) = outcome {
                if state.snapshots.last?.content != result.content || state.snapshots.last?.content.isComplete != true {
                    state.snapshots.append((result.content, result.usage))   // the last snapshot is the final response
                } else {
                    state.snapshots[state.snapshots.count - 1].usage = result.usage
                }
            }
            state.outcome = outcome
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func cancel() { state.withLock { $0.task?.cancel() } }

    /// The snapshot at `index`, waiting for it; `nil` after the last; throws the run's error.
    func snapshot(at index: Int) async throws -> Snapshot? {
        if Task.isCancelled {
            cancel()
            throw CancellationError()
        }
        startIfNeeded()
        return try await withTaskCancellationHandler {
            while true {
                enum Step { case value(Snapshot), end, failure(any Error), wait }
                let step: Step = state.withLock { state in
                    if index < state.snapshots.count { return .value(state.snapshots[index]) }
                    switch state.outcome {
                    case .success: return .end
                    case .failure(let error): return .failure(error)
                    case nil: return .wait
                    }
                }
                switch step {
                case .value(let content): return content
                case .end: return nil
                case .failure(let error): throw error
                case .wait: await waitForChange(index: index)
                }
            }
        } onCancel: {
            cancel()
        }
    }

    /// The final result, waiting for it.
    func result() async throws -> GenerationResult {
        startIfNeeded()
        return try await withTaskCancellationHandler {
            while true {
                if let outcome = state.withLock({ $0.outcome }) { return try outcome.get() }
                await waitForChange(index: Int.max)
            }
        } onCancel: {
            cancel()
        }
    }

    private func waitForChange(index: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if index < state.snapshots.count || state.outcome != nil { return true }
                state.waiters.append(continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }
}

extension LanguageModelSession {
    /// Streams a text response to a prompt.
    public func streamResponse(to prompt: String, options: GenerationOptions = GenerationOptions()) -> ResponseStream<String> {
        streamResponse(to: Prompt(prompt), options: options)
    }

    /// Streams a text response to a prompt.
    public func streamResponse(to prompt: Prompt, options: GenerationOptions = GenerationOptions()) -> ResponseStream<String> {
        stream(.init(prompt: prompt, schema: nil, includeSchemaInPrompt: false, options: options, responseFormat: nil))
    }

    /// Streams a text response to a prompt written with a builder.
    public func streamResponse(options: GenerationOptions = GenerationOptions(), @PromptBuilder prompt: () throws -> Prompt) rethrows -> ResponseStream<String> {
        streamResponse(to: try prompt(), options: options)
    }

    /// Streams content that follows a schema built at run time.
    public func streamResponse(to prompt: String, schema: GenerationSchema, includeSchemaInPrompt: Bool = true,
                               options: GenerationOptions = GenerationOptions()) -> ResponseStream<GeneratedContent> {
        streamResponse(to: Prompt(prompt), schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Streams content that follows a schema built at run time.
    public func streamResponse(to prompt: Prompt, schema: GenerationSchema, includeSchemaInPrompt: Bool = true,
                               options: GenerationOptions = GenerationOptions()) -> ResponseStream<GeneratedContent> {
        stream(.init(prompt: prompt, schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options, responseFormat: .init(schema: schema)))
    }

    /// Streams content that follows a schema, for a prompt written with a builder.
    public func streamResponse(schema: GenerationSchema, includeSchemaInPrompt: Bool = true, options: GenerationOptions = GenerationOptions(),
                               @PromptBuilder prompt: () throws -> Prompt) rethrows -> ResponseStream<GeneratedContent> {
        streamResponse(to: try prompt(), schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Streams a value of a generable type as it is generated, as the type's partially
    /// generated form.
    public func streamResponse<Content: Generable>(to prompt: String, generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
                                                   options: GenerationOptions = GenerationOptions()) -> ResponseStream<Content> {
        streamResponse(to: Prompt(prompt), generating: type, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Streams a value of a generable type as it is generated.
    public func streamResponse<Content: Generable>(to prompt: Prompt, generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
                                                   options: GenerationOptions = GenerationOptions()) -> ResponseStream<Content> {
        stream(.init(prompt: prompt, schema: Content.generationSchema, includeSchemaInPrompt: includeSchemaInPrompt, options: options, responseFormat: .init(type: type)))
    }

    /// Streams a value of a generable type, for a prompt written with a builder.
    public func streamResponse<Content: Generable>(generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
                                                   options: GenerationOptions = GenerationOptions(),
                                                   @PromptBuilder prompt: () throws -> Prompt) rethrows -> ResponseStream<Content> {
        streamResponse(to: try prompt(), generating: type, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    private func stream<Content: Generable>(_ request: GenerationRequest) -> ResponseStream<Content> {
        ResponseStream(run: StreamRun { [self] onUpdate in try await generate(request, onUpdate: onUpdate) })
    }
}
