import Foundation

extension SystemLanguageModel: LanguageModel {
    /// Guided generation (held by the decoding grammar) and tool calling; no reasoning, no
    /// image input (a request with either throws ``LanguageModelError/unsupportedCapability(_:)``).
    public var capabilities: LanguageModelCapabilities {
        LanguageModelCapabilities([.guidedGeneration, .toolCalling])
    }

    /// The model file and context size: models on the same file and size share one executor,
    /// so one copy of the weights and one pool of KV caches.
    public var executorConfiguration: Executor.Configuration {
        Executor.Configuration(modelPath: url.standardizedFileURL.path, contextSize: contextSize, instance: injectedBackendID)
    }

    /// An executor that responds to session requests with the local GGUF engine: chat template,
    /// tool-call syntax, grammar, sampling and KV caches.
    ///
    /// Each request takes the idle KV cache that already holds the longest prefix of its
    /// prompt (a session's own previous turn, or another session's shared instructions), so
    /// only the new tokens are evaluated; caches return to the pool when the request ends.
    public struct Executor: LanguageModelExecutor {
        /// The model type this executor processes requests for.
        public typealias Model = SystemLanguageModel

        /// A configuration for an executor capable of running an on-device system model.
        public struct Configuration: Hashable, Sendable {
            let modelPath: String
            let contextSize: Int
            /// Set for a model built on an engine handed in (tests), so it never shares
            /// an executor with another.
            let instance: UUID?
        }

        /// The KV caches of this executor's model.
        let pool = DecoderPool()

        /// Creates an executor from a configuration. The model loads on the first request.
        public init(configuration: Configuration) {}

        /// Loads the model and evaluates the transcript into an idle KV cache, so the first
        /// response starts sooner.
        public func prewarm(model: SystemLanguageModel, transcript: Transcript) {
            Task { try? await warm(model: model, transcript: transcript, promptPrefix: nil) }
        }

        /// Generates the next entry after the request's transcript with the local engine.
        ///
        /// - throws: `GenerationError.exceededContextWindowSize` before decoding when the
        ///   prompt does not fit, `assetsUnavailable` when the model does not load,
        ///   `unsupportedGuide` for a schema the grammar cannot hold, `decodingFailure` when
        ///   the budget ends inside a guided value or a call; `CancellationError`.
        public func respond(
            to request: LanguageModelExecutorGenerationRequest, model: SystemLanguageModel,
            streamingInto channel: LanguageModelExecutorGenerationChannel
        ) async throws {
            let backend = try model.backend()
            let turn = try LocalTurn(backend: backend, request: request)
            let slot = try pool.checkOut(for: turn.promptTokens, backend: backend)
            defer { pool.checkIn(slot) }
            try await slot.run { try turn.decode(with: slot.decoder, into: channel) }
        }

        /// Evaluates the transcript (and a prompt prefix) into an idle cache, and waits.
        func warm(model: SystemLanguageModel, transcript: Transcript, promptPrefix: Prompt?) async throws {
            let backend = try model.backend()
            var turns = PromptRenderer.turns(for: transcript, syntax: backend.toolCallSyntax)
            if let promptPrefix { turns.append(ChatTurn(role: .user, content: promptPrefix.text)) }
            var text = backend.render(turns, addGenerationPrompt: false)
            if let prefix = promptPrefix?.text, let range = text.range(of: prefix, options: .backwards) {
                // Keep the text up to the end of the prefix: what follows it depends on the prompt.
                text = String(text[..<range.upperBound])
            }
            var tokens = backend.tokenizePrompt(text)
            if tokens.count >= backend.contextSize { tokens = Array(tokens.prefix(backend.contextSize - 1)) }
            let slot = try pool.checkOut(for: tokens, backend: backend)
            defer { pool.checkIn(slot) }
            let prompt = tokens
            try await slot.run { try slot.decoder.evaluate(prompt) }
        }
    }
}
