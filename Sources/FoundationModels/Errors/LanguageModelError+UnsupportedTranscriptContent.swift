extension LanguageModelError {
    /// Information about transcript content the model can't process, with the entries that
    /// hold it.
    ///
    /// ```swift
    /// catch LanguageModelError.unsupportedTranscriptContent(let failure) {
    ///     print(failure.unsupportedContent.map(\.id))
    /// }
    /// ```
    public struct UnsupportedTranscriptContent: Sendable {
        /// The transcript entries that the model can't process.
        public var unsupportedContent: [Transcript.Entry]
        /// A debug description to help developers diagnose issues during development.
        public var debugDescription: String
        /// Additional information about the failure, keyed by name.
        public var metadata: [String: any Sendable]

        /// Creates information describing transcript content the model can't process.
        ///
        /// - parameter unsupportedContent: The transcript entries that the model can't process.
        /// - parameter debugDescription: A debug description to help developers diagnose issues during development.
        /// - parameter metadata: Additional information about the failure, keyed by name.
        public init(unsupportedContent: [Transcript.Entry], debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.unsupportedContent = unsupportedContent
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }
}
