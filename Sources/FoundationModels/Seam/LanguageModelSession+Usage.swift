extension LanguageModelSession {
    /// How many tokens a response (or a whole session) used: input read, how much of it came
    /// from a cache, output written and how much of that was reasoning.
    ///
    /// ```swift
    /// let response = try await session.respond(to: "Hello")
    /// print(response.usage.input.totalTokenCount, response.usage.output.totalTokenCount)
    /// print(session.usage.output.totalTokenCount)   // every response so far
    /// ```
    /// For the local engine the counts are exact, from the model's tokenizer; another model
    /// reports what its executor sends (zero when it sends nothing).
    public struct Usage: Sendable, Equatable {
        /// The input token counts from the transcript.
        public var input: Input
        /// The output token counts from the response.
        public var output: Output
        /// Additional usage statistics that the language model encodes for the response.
        public var metadata: [String: GeneratedContent]

        /// Creates a usage value with the given token counts.
        ///
        /// - parameter input: Token counts for the transcript.
        /// - parameter output: Token counts for the response.
        /// - parameter metadata: Additional usage statistics from the language model.
        public init(input: Input, output: Output, metadata: [String: any ConvertibleToGeneratedContent] = [:]) {
            self.input = input
            self.output = output
            self.metadata = metadata.mapValues(\.generatedContent)
        }

        /// Token counts for the transcript submitted to the model.
        public struct Input: Sendable, Equatable {
            /// The total number of input tokens from the transcript.
            public var totalTokenCount: Int
            /// The number of input tokens that were served from a cache; at most ``totalTokenCount``.
            public var cachedTokenCount: Int

            /// Creates an input token count.
            public init(totalTokenCount: Int, cachedTokenCount: Int) {
                self.totalTokenCount = totalTokenCount
                self.cachedTokenCount = cachedTokenCount
            }
        }

        /// Token counts for the response the model produced.
        public struct Output: Sendable, Equatable {
            /// The total number of output tokens.
            public var totalTokenCount: Int
            /// The number of output tokens from reasoning.
            public var reasoningTokenCount: Int

            /// Creates an output token count.
            public init(totalTokenCount: Int, reasoningTokenCount: Int) {
                self.totalTokenCount = totalTokenCount
                self.reasoningTokenCount = reasoningTokenCount
            }
        }
    }
}

extension LanguageModelSession.Usage {
    /// No tokens.
    static let zero = LanguageModelSession.Usage(input: .init(totalTokenCount: 0, cachedTokenCount: 0),
                                                 output: .init(totalTokenCount: 0, reasoningTokenCount: 0))

    /// The counts of an executor's usage event.
    init(_ usage: LanguageModelExecutorGenerationChannel.Usage) {
        input = .init(totalTokenCount: usage.input.totalTokenCount, cachedTokenCount: usage.input.cachedTokenCount)
        output = .init(totalTokenCount: usage.output.totalTokenCount, reasoningTokenCount: usage.output.reasoningTokenCount)
        metadata = usage.metadata
    }

    /// Both counts added (several model calls of one request, or every request of a session);
    /// metadata of `other` wins where keys meet.
    func adding(_ other: LanguageModelSession.Usage) -> LanguageModelSession.Usage {
        var sum = self
        sum.input.totalTokenCount += other.input.totalTokenCount
        sum.input.cachedTokenCount += other.input.cachedTokenCount
        sum.output.totalTokenCount += other.output.totalTokenCount
        sum.output.reasoningTokenCount += other.output.reasoningTokenCount
        sum.metadata.merge(other.metadata) { $1 }
        return sum
    }
}
