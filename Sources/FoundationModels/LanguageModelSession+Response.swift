extension LanguageModelSession {
    /// A complete response: the typed content, the generated content it came from, and the
    /// transcript entries this request added.
    public struct Response<Content> {
        /// The response as the requested type.
        public let content: Content
        /// The generated content the response was decoded from.
        public let rawContent: GeneratedContent
        /// The prompt and response entries this request added to the transcript.
        public let transcriptEntries: ArraySlice<Transcript.Entry>
        /// Information about how many tokens were used by this response (every model call of
        /// the request, tool turns included).
        public let usage: LanguageModelSession.Usage

        init(content: Content, rawContent: GeneratedContent, transcriptEntries: ArraySlice<Transcript.Entry>,
             usage: LanguageModelSession.Usage = .zero) {
            self.content = content
            self.rawContent = rawContent
            self.transcriptEntries = transcriptEntries
            self.usage = usage
        }

        init(content: Content, result: GenerationResult) {
            self.init(content: content, rawContent: result.content, transcriptEntries: result.entries, usage: result.usage)
        }
    }
}

extension LanguageModelSession.Response: Sendable where Content: Sendable {}
