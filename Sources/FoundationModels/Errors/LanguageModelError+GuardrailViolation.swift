extension LanguageModelError {
    /// Information about content in a prompt or a response that triggered the model's safety
    /// guardrails.
    ///
    /// ```swift
    /// throw LanguageModelError.guardrailViolation(.init(debugDescription: "The prompt asks for weapon instructions."))
    /// ```
    public struct GuardrailViolation: Sendable {
        /// A debug description to help developers diagnose issues during development.
        public var debugDescription: String
        /// Additional information about the failure, keyed by name.
        public var metadata: [String: any Sendable]

        /// Creates information describing a guardrail violation.
        ///
        /// - parameter debugDescription: A debug description to help developers diagnose issues during development.
        /// - parameter metadata: Additional information about the failure, keyed by name.
        public init(debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }
}
