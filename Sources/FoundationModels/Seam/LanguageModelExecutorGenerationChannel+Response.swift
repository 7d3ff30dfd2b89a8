extension LanguageModelExecutorGenerationChannel {
    /// A model-generated response event: text, segment replacements, custom segments,
    /// metadata, or usage.
    public struct Response: Sendable {
        /// The action to perform.
        public var action: Action
        /// The identifier for the entry.
        public var entryID: String?

        /// An operation that can be performed on a response entry.
        public struct Action: Sendable {
            enum Kind: Sendable {
                case appendText(TextFragment)
                case replaceText(TextSegmentReplacement)
                case addAttachmentSegment(Transcript.AttachmentSegment)
                case updateUsage(Usage)
                case updateMetadata([String: GeneratedContent])
            }

            let kind: Kind

            /// Appends text to the entry's current text segment.
            ///
            /// - parameter text: The text to append to the entry.
            /// - parameter segmentID: The segment to append to, or `nil` for the current one.
            /// - parameter tokenCount: The number of tokens the text carries.
            public static func appendText(_ text: String, segmentID: String? = nil, tokenCount: Int) -> Action {
                Action(kind: .appendText(TextFragment(content: text, tokenCount: tokenCount, segmentID: segmentID)))
            }

            /// Replaces the entry's current text segment (a model that revises what it wrote).
            ///
            /// - parameter text: The replacement text.
            /// - parameter segmentID: The segment to replace, or `nil` for the current one.
            /// - parameter tokenCount: The number of tokens the replacement carries.
            public static func replaceText(_ text: String, segmentID: String? = nil, tokenCount: Int) -> Action {
                Action(kind: .replaceText(TextSegmentReplacement(content: text, tokenCount: tokenCount, segmentID: segmentID)))
            }

            /// Adds an attachment segment to the entry.
            ///
            /// - parameter segment: The attachment segment to add.
            public static func addAttachmentSegment(_ segment: Transcript.AttachmentSegment) -> Action {
                Action(kind: .addAttachmentSegment(segment))
            }

            /// Reports the entry's token totals so far; each update replaces the last.
            ///
            /// - parameter input: Token counts for the transcript.
            /// - parameter output: Token counts for the response.
            /// - parameter metadata: Additional usage statistics.
            public static func updateUsage(
                input: Usage.Input, output: Usage.Output, metadata: [String: any ConvertibleToGeneratedContent] = [:]
            ) -> Action {
                Action(kind: .updateUsage(Usage(input: input, output: output, metadata: metadata)))
            }

            /// Merges values into the entry's metadata (a model identifier, a request id).
            ///
            /// - parameter values: The values to record, by key.
            public static func updateMetadata(_ values: [String: any ConvertibleToGeneratedContent]) -> Action {
                Action(kind: .updateMetadata(values.mapValues(\.generatedContent)))
            }
        }
    }
}
