extension LanguageModelError {
    /// Information about a request that timed out before the model produced a response.
    ///
    /// ```swift
    /// throw LanguageModelError.timeout(.init(debugDescription: "No token in 30 s."))
    /// ```
    public struct Timeout: Sendable {
        /// A debug description to help developers diagnose issues during development.
        public var debugDescription: String
        /// Additional information about the failure, keyed by name.
        public var metadata: [String: any Sendable]

        /// Creates information describing a request timeout.
        ///
        /// - parameter debugDescription: A debug description to help developers diagnose issues during development.
        /// - parameter metadata: Additional information about the failure, keyed by name.
        public init(debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }
}
