/// A set of capabilities that a language model provides: guided generation, tool calling,
/// reasoning, image input.
///
/// ```swift
/// let capabilities = LanguageModelCapabilities([.toolCalling, .guidedGeneration])
/// capabilities.contains(.vision)   // false
/// ```
///
/// The framework checks a request against its model's capabilities before the model runs, and
/// throws ``LanguageModelError/unsupportedCapability(_:)`` naming the missing one.
public struct LanguageModelCapabilities: Sendable, Equatable {
    /// The capabilities in the set.
    let members: Set<Capability>

    /// Creates a capabilities instance from a list of supported capabilities.
    ///
    /// ```swift
    /// LanguageModelCapabilities([.toolCalling, .guidedGeneration, .reasoning])
    /// ```
    /// - parameter capabilities: What the model supports; duplicates are ignored.
    public init(_ capabilities: [Capability]) { members = Set(capabilities) }

    /// Whether the set holds a capability.
    ///
    /// ```swift
    /// if model.capabilities.contains(.guidedGeneration) { ... }
    /// ```
    /// - parameter capability: The capability to look for.
    /// - returns: `true` when the model supports it.
    public func contains(_ capability: Capability) -> Bool { members.contains(capability) }

    /// A capability that a given language model may or may not have.
    ///
    /// A struct rather than an enum so that new capabilities can be added without breaking
    /// `switch` statements in code that inspects them.
    public struct Capability: Sendable, Hashable, CustomStringConvertible {
        /// The capability's name, as ``description`` shows it.
        let name: String

        init(name: String) { self.name = name }

        /// The capability to ensure model output conforms to a given generation schema.
        public static var guidedGeneration: Capability { Capability(name: "guidedGeneration") }

        /// The capability to reason, structurally separately from producing a response.
        public static var reasoning: Capability { Capability(name: "reasoning") }

        /// The capability to call tools to gather information or trigger side effects.
        public static var toolCalling: Capability { Capability(name: "toolCalling") }

        /// The capability to accept image inputs in prompts.
        public static var vision: Capability { Capability(name: "vision") }

        /// The capability's name, such as `guidedGeneration`.
        public var description: String { name }
    }
}
