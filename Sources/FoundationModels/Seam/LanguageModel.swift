/// A model the session can talk to: what it can do, and how to build the executor that runs it.
///
/// A model type pairs with exactly one ``LanguageModelExecutor`` type. Keep the model light: it
/// describes capabilities and a configuration; the executor does the work, and the framework
/// creates executors from configurations and caches them (models with equal configurations
/// share one executor).
///
/// ```swift
/// struct EchoModel: LanguageModel {
///     var capabilities: LanguageModelCapabilities { LanguageModelCapabilities([]) }
///     var executorConfiguration: EchoExecutor.Configuration { .init() }
/// }
/// let session = LanguageModelSession(model: EchoModel())
/// ```
///
/// The session checks every request against ``capabilities`` before the executor runs:
/// guided generation, tools, image attachments or a reasoning level asked of a model without
/// the capability throw ``LanguageModelError/unsupportedCapability(_:)``.
public protocol LanguageModel: Sendable {
    /// The executor type that runs this model.
    associatedtype Executor: LanguageModelExecutor where Self == Self.Executor.Model

    /// What the model supports beyond plain text generation.
    var capabilities: LanguageModelCapabilities { get }

    /// A configuration for an executor capable of running this model.
    var executorConfiguration: Self.Executor.Configuration { get }
}
