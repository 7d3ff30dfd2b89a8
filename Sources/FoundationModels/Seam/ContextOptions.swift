/// Options that configure what appears in the prompt the model reads, rather than how tokens
/// are sampled (that is ``GenerationOptions``).
///
/// ```swift
/// let options = ContextOptions(includeSchemaInPrompt: false, reasoningLevel: .light)
/// ```
public struct ContextOptions: Sendable, Equatable, Hashable {
    /// Whether the response schema is shown to the model as text as well as enforced while
    /// decoding; `nil` lets the framework decide (it shows it).
    public var includeSchemaInPrompt: Bool?

    /// How much reasoning the model may write before its response; `nil` is the model's
    /// default. Asking a model without ``LanguageModelCapabilities/Capability/reasoning`` for a
    /// level throws ``LanguageModelError/unsupportedCapability(_:)``.
    public var reasoningLevel: ReasoningLevel?

    /// Creates options that control how the model is prompted.
    ///
    /// - parameter includeSchemaInPrompt: If `true`, injects the schema into the prompt to bias the model.
    /// - parameter reasoningLevel: The amount of reasoning the model may output before responding.
    public init(includeSchemaInPrompt: Bool? = nil, reasoningLevel: ReasoningLevel? = nil) {
        self.includeSchemaInPrompt = includeSchemaInPrompt
        self.reasoningLevel = reasoningLevel
    }

    /// How much reasoning the model may output before producing a response.
    public enum ReasoningLevel: Sendable, Equatable, Hashable {
        /// Light reasoning, for quick responses.
        case light
        /// A moderate amount of reasoning.
        case moderate
        /// Deep reasoning, for more analysis of a request.
        case deep
        /// A level the other cases do not name, passed to the model as is.
        case custom(String)
    }
}
