extension LanguageModelError {
    /// Information about a generation guide the model can't enforce, and the schema that
    /// used it.
    ///
    /// ```swift
    /// throw LanguageModelError.unsupportedGenerationGuide(.init(
    ///     schemaName: "Itinerary", debugDescription: "The pattern uses a lookahead."))
    /// ```
    public struct UnsupportedGenerationGuide: Sendable {
        /// The name of the schema with the unsupported guide, if known.
        public var schemaName: String?
        /// A debug description to help developers diagnose issues during development.
        public var debugDescription: String
        /// Additional information about the failure, keyed by name.
        public var metadata: [String: any Sendable]

        /// Creates information describing a generation guide the model doesn't support.
        ///
        /// - parameter schemaName: The name of the schema with the unsupported guide, or `nil` if unknown.
        /// - parameter debugDescription: A debug description to help developers diagnose issues during development.
        /// - parameter metadata: Additional information about the failure, keyed by name.
        public init(schemaName: String?, debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.schemaName = schemaName
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }
}
