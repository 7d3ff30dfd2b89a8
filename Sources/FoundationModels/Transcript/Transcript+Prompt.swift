import Foundation

extension Transcript {
    /// A prompt, the options it was answered with, the format asked for, and metadata.
    public struct Prompt: Sendable, Identifiable, Equatable, Codable, CustomStringConvertible {
        public var id: String
        public var segments: [Transcript.Segment]
        public var options: GenerationOptions
        public var responseFormat: Transcript.ResponseFormat?
        var storedMetadata: [String: GeneratedContent]?

        /// Creates a prompt.
        ///
        /// ```swift
        /// Transcript.Prompt(segments: [.text(.init(content: "Weather in Seoul?"))])
        /// ```
        /// - parameter id: A unique identifier for the entry.
        /// - parameter segments: The prompt's text, structures and attachments.
        /// - parameter options: Options that control how tokens are sampled for the answer.
        /// - parameter responseFormat: The structure the answer was asked to have, if any.
        public init(id: String = UUID().uuidString, segments: [Transcript.Segment],
                    options: GenerationOptions = GenerationOptions(), responseFormat: Transcript.ResponseFormat? = nil) {
            self.id = id
            self.segments = segments
            self.options = options
            self.responseFormat = responseFormat
        }

        /// Metadata provided as part of this prompt, keyed by name.
        ///
        /// ```swift
        /// prompt.metadata["requestID"] = GeneratedContent("r-17")
        /// ```
        public var metadata: [String: GeneratedContent] {
            get { storedMetadata ?? [:] }
            set { storedMetadata = newValue.storedForm }
        }

        /// The segments, one per line.
        public var description: String { segments.plainText }

        private enum CodingKeys: String, CodingKey {
            case id, segments, options, responseFormat
            case storedMetadata = "metadata"
        }
    }
}
