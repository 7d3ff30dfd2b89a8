/// Answers a session's requests for one kind of ``LanguageModel``: turns the transcript into
/// what the model reads, generates, and streams the result back as events.
///
/// The framework creates an executor from its model's ``LanguageModel/executorConfiguration``
/// with ``init(configuration:)``, keeps it while that configuration is in use, and calls
/// ``respond(to:model:streamingInto:)`` for every turn the session needs (a request with tools
/// may take several). The executor owns tokens, chat template, tool-call syntax, sampling and
/// caches; the session owns the transcript, tools and their loop, snapshots and usage.
///
/// ```swift
/// struct EchoExecutor: LanguageModelExecutor {
///     struct Configuration: Hashable, Sendable {}
///     init(configuration: Configuration) {}
///     func respond(to request: LanguageModelExecutorGenerationRequest, model: EchoModel,
///                  streamingInto channel: LanguageModelExecutorGenerationChannel) async throws {
///         await channel.send(.response(action: .appendText("echo", tokenCount: 1)))
///     }
/// }
/// ```
public protocol LanguageModelExecutor: Sendable {
    /// The model type this executor processes requests for.
    associatedtype Model: LanguageModel
    /// What the executor is built from; equal configurations share one executor.
    associatedtype Configuration: Hashable, Sendable

    /// Creates an executor from a configuration.
    ///
    /// - throws: Whatever keeps the executor from running (a missing model file, say); the
    ///   session reports it for the request that needed the executor.
    init(configuration: Self.Configuration) throws

    /// Loads assets into memory or pre-fills caches ahead of a request.
    ///
    /// - Note: The default implementation is a no-op.
    func prewarm(model: Self.Model, transcript: Transcript)

    /// Generates the next entry (or entries) after the request's transcript, sending each
    /// delta to `channel` as it is produced.
    ///
    /// - parameter request: The generation request.
    /// - parameter model: The model instance for this request, providing live model state.
    /// - parameter channel: A channel used to send events.
    /// - throws: Any error; the session rethrows it and leaves the transcript as it was.
    nonisolated(nonsending) func respond(
        to request: LanguageModelExecutorGenerationRequest, model: Self.Model,
        streamingInto channel: LanguageModelExecutorGenerationChannel
    ) async throws
}

extension LanguageModelExecutor {
    public func prewarm(model: Self.Model, transcript: Transcript) {}
}
