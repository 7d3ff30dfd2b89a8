extension LanguageModelExecutorGenerationChannel {
    /// A reasoning event: text the model writes before its response, usage, or metadata.
    public struct Reasoning: Sendable {
        /// The action to perform.
        public var action: Action
        /// The identifier for the entry.
        public var entryID: String?

        /// An operation that can be performed on a reasoning entry.
        public struct Action: Sendable {
            enum Kind: Sendable {
                case appendText(TextFragment)
                case updateUsage(Usage)
                case updateMetadata([String: GeneratedContent])
            }

            let kind: Kind

            /// Appends text to the reasoning entry's current text segment.
            ///
            /// - parameter text: The reasoning text to append.
            /// - parameter segmentID: The segment to append to, or `nil` for the current one.
            /// - parameter tokenCount: The number of tokens the text carries.
            public static func appendText(_ text: String, segmentID: String? = nil, tokenCount: Int) -> Action {
                Action(kind: .appendText(TextFragment(content: text, tokenCount: tokenCount, segmentID: segmentID)))
            }

            /// Reports the entry's token totals so far; each update replaces the last.
            public static func updateUsage(
                input: Usage.Input, output: Usage.Output, metadata: [String: any ConvertibleToGeneratedContent] = [:]
            ) -> Action {
                Action(kind: .updateUsage(Usage(input: input, output: output, metadata: metadata)))
            }

            /// Merges values into the entry's metadata.
            public static func updateMetadata(_ values: [String: any ConvertibleToGeneratedContent]) -> Action {
                Action(kind: .updateMetadata(values.mapValues(\.generatedContent)))
            }
        }
    }
}
