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

        init(content: Content, rawContent: GeneratedContent, transcriptEntries: ArraySlice<Transcript.Entry>) {
            self.content = content
            self.rawContent = rawContent
            self.transcriptEntries = transcriptEntries
        }
    }
}

extension LanguageModelSession.Response: Sendable where Content: Sendable {}
