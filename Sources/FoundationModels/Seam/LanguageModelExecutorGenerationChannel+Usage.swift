extension LanguageModelExecutorGenerationChannel {
    /// A snapshot of an entry's token totals. Producers report the current cumulative totals on
    /// every update, and the session replaces the prior totals wholesale.
    public struct Usage: Sendable {
        /// The input token counts.
        public var input: Input
        /// The output token counts.
        public var output: Output
        /// Additional statistics from the model.
        public var metadata: [String: GeneratedContent]

        /// Creates a usage update.
        ///
        /// - parameter input: Token counts for the transcript.
        /// - parameter output: Token counts for the response.
        /// - parameter metadata: Additional metadata to record alongside the token counts.
        public init(input: Input, output: Output, metadata: [String: any ConvertibleToGeneratedContent] = [:]) {
            self.input = input
            self.output = output
            self.metadata = metadata.mapValues(\.generatedContent)
        }

        /// Input token counts for the transcript submitted to the model.
        public struct Input: Sendable, Equatable {
            /// The total number of input tokens from the transcript.
            public var totalTokenCount: Int
            /// The number of input tokens that were served from a cache.
            public var cachedTokenCount: Int

            /// Creates input token counts.
            ///
            /// - parameter totalTokenCount: The total number of input tokens from the transcript.
            /// - parameter cachedTokenCount: The number of input tokens served from a cache.
            public init(totalTokenCount: Int, cachedTokenCount: Int) {
                self.totalTokenCount = totalTokenCount
                self.cachedTokenCount = cachedTokenCount
            }
        }

        /// Output token counts for the response the model produces.
        public struct Output: Sendable, Equatable {
            /// The total number of output tokens.
            public var totalTokenCount: Int
            /// The number of output tokens that were part of the model's reasoning output.
            public var reasoningTokenCount: Int

            /// Creates output token counts.
            ///
            /// - parameter totalTokenCount: The total number of output tokens.
            /// - parameter reasoningTokenCount: The number of output tokens that were reasoning.
            public init(totalTokenCount: Int, reasoningTokenCount: Int) {
                self.totalTokenCount = totalTokenCount
                self.reasoningTokenCount = reasoningTokenCount
            }
        }
    }
}
