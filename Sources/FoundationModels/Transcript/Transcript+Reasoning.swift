import Foundation

extension Transcript {
    /// A reasoning entry from the model: what it produced, structurally apart from its
    /// response, before answering.
    ///
    /// ```swift
    /// Transcript.Reasoning(segments: [.text(.init(content: "The user wants two cities."))])
    /// ```
    public struct Reasoning: Sendable, Identifiable, Equatable, Codable, CustomStringConvertible {
        /// The stable identity of the entry.
        public var id: String
        /// Ordered reasoning segments.
        ///
        /// May be empty or a partial or summary representation; the full text may not be
        /// available when ``signature`` is non-nil.
        public var segments: [Transcript.Segment]
        /// Opaque producer-supplied signature for this reasoning entry.
        ///
        /// When this is non-nil, `segments` may represent a partial summary or be empty.
        public var signature: Data?
        var storedMetadata: [String: GeneratedContent]?

        /// Creates a reasoning entry that contains the segments you provide.
        ///
        /// - parameter id: A unique identifier for the reasoning entry.
        /// - parameter metadata: Additional information to associate with the entry, keyed by name.
        /// - parameter segments: The reasoning segments, in order.
        /// - parameter signature: An opaque, producer-supplied signature for the entry, if any.
        public init(id: String = UUID().uuidString, metadata: [String: any ConvertibleToGeneratedContent] = [:],
                    segments: [Transcript.Segment], signature: Data? = nil) {
            self.id = id
            self.segments = segments
            self.signature = signature
            storedMetadata = metadata.generatedContent.storedForm
        }

        /// Metadata produced by the model while generating this reasoning entry.
        public var metadata: [String: GeneratedContent] {
            get { storedMetadata ?? [:] }
            set { storedMetadata = newValue.storedForm }
        }

        /// A textual representation of the reasoning entry: its segments, one per line.
        public var description: String { segments.plainText }

        private enum CodingKeys: String, CodingKey {
            case id, segments, signature
            case storedMetadata = "metadata"
        }
    }
}
