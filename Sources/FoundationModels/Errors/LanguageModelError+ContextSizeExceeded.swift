extension LanguageModelError {
    /// Information about exceeding the context window size: how many tokens the transcript
    /// needed and how many the model holds.
    ///
    /// ```swift
    /// catch LanguageModelError.contextSizeExceeded(let failure) {
    ///     let excess = failure.tokenCount - failure.contextSize
    /// }
    /// ```
    public struct ContextSizeExceeded: Sendable {
        /// The model's maximum context size, in tokens.
        public var contextSize: Int
        /// The number of tokens in the transcript that exceeded the model's context size.
        public var tokenCount: Int
        /// A debug description to help developers diagnose issues during development.
        public var debugDescription: String
        /// Additional information about the failure, keyed by name.
        public var metadata: [String: any Sendable]

        /// Creates information describing a transcript that exceeded the model's context size.
        ///
        /// ```swift
        /// throw LanguageModelError.contextSizeExceeded(.init(
        ///     contextSize: 4096, tokenCount: 5000,
        ///     debugDescription: "Content contains 5000 tokens, which exceeds the maximum allowed context size of 4096."))
        /// ```
        /// - parameter contextSize: The model's maximum context size, in tokens.
        /// - parameter tokenCount: The number of tokens in the transcript that exceeded the context size.
        /// - parameter debugDescription: A developer-facing description of the failure.
        /// - parameter metadata: Additional information about the failure, keyed by name.
        public init(contextSize: Int, tokenCount: Int, debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.contextSize = contextSize
            self.tokenCount = tokenCount
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }
}
