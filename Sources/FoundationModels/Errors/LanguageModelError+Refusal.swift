extension LanguageModelError {
    /// Information about a model refusal: the model chose not to respond to a prompt.
    ///
    /// ```swift
    /// catch LanguageModelError.refusal(let refusal) {
    ///     let why = try await refusal.explanation.content
    /// }
    /// ```
    ///
    /// The model that refused supplies the explanation when it throws (a provider passes the
    /// refusal message its service returned), so reading it costs no second generation.
    public struct Refusal: Sendable {
        /// The explanation the model gave, as `explanation` returns it.
        let explanationText: String
        /// A debug description to help developers diagnose issues during development.
        public var debugDescription: String
        /// Additional information about the failure, keyed by name.
        public var metadata: [String: any Sendable]

        /// Creates information describing a model refusal.
        ///
        /// ```swift
        /// throw LanguageModelError.refusal(.init(
        ///     explanation: "I can't help with that request.", debugDescription: "finish_reason: content_filter"))
        /// ```
        /// - parameter explanation: The model's explanation for why it refused.
        /// - parameter debugDescription: A debug description to help developers diagnose issues during development.
        /// - parameter metadata: Additional information about the failure, keyed by name.
        public init(explanation: String, debugDescription: String, metadata: [String: any Sendable] = [:]) {
            explanationText = explanation
            self.debugDescription = debugDescription
            self.metadata = metadata
        }

        /// The model's explanation for why it refused to generate a response.
        ///
        /// ```swift
        /// let message = try await refusal.explanation.content
        /// ```
        /// Its `transcriptEntries` hold one response entry with the explanation.
        public nonisolated(nonsending) var explanation: LanguageModelSession.Response<String> {
            get async throws { Self.response(explaining: explanationText).response }
        }

        /// The model's explanation for why it refused to generate a response, delivered as it
        /// streams: here one snapshot holding the whole explanation, which is already known.
        ///
        /// ```swift
        /// for try await snapshot in refusal.explanationStream { label.text = snapshot.content }
        /// ```
        public var explanationStream: LanguageModelSession.ResponseStream<String> {
            let result = Self.response(explaining: explanationText).result
            return LanguageModelSession.ResponseStream(run: StreamRun { onUpdate in
                onUpdate(result.content, result.usage)
                return result
            })
        }

        /// The explanation as a finished response and as the generation result a stream ends on.
        private static func response(explaining text: String) -> (response: LanguageModelSession.Response<String>, result: GenerationResult) {
            let entry = Transcript.Entry.response(.init(assetIDs: [], segments: [.text(.init(content: text))]))
            let result = GenerationResult(content: GeneratedContent(kind: .string(text)), entries: [entry])
            return (.init(content: text, rawContent: result.content, transcriptEntries: result.entries), result)
        }
    }
}
