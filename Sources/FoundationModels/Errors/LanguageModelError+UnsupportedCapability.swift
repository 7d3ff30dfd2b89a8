extension LanguageModelError {
    /// Information about a capability the model doesn't support, such as guided generation
    /// asked of a model without ``LanguageModelCapabilities/Capability/guidedGeneration``.
    ///
    /// ```swift
    /// catch LanguageModelError.unsupportedCapability(let failure) where failure.capability == .vision {
    ///     showTextOnlyUI()
    /// }
    /// ```
    public struct UnsupportedCapability: Sendable {
        /// The capability that the model doesn't support.
        public var capability: LanguageModelCapabilities.Capability
        /// A debug description to help developers diagnose issues during development.
        public var debugDescription: String
        /// Additional information about the failure, keyed by name.
        public var metadata: [String: any Sendable]

        /// Creates information describing a capability the model doesn't support.
        ///
        /// - parameter capability: The capability that the model doesn't support.
        /// - parameter debugDescription: A debug description to help developers diagnose issues during development.
        /// - parameter metadata: Additional information about the failure, keyed by name.
        public init(capability: LanguageModelCapabilities.Capability, debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.capability = capability
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }
}
