import Foundation

extension Transcript {
    /// A response of the model: its segments, the assets used to make it, and metadata.
    public struct Response: Sendable, Identifiable, Equatable, Codable, CustomStringConvertible {
        public var id: String
        /// Version-aware identifiers for all assets used to generate this response.
        public var assetIDs: [String]
        public var segments: [Transcript.Segment]
        var storedMetadata: [String: GeneratedContent]?

        /// Creates a response with the assets used to generate it (Apple's 26 initializer).
        ///
        /// - parameter id: A unique identifier for the entry.
        /// - parameter assetIDs: Identifiers of the assets used to generate the response.
        /// - parameter segments: The response's segments, in order.
        public init(id: String = UUID().uuidString, assetIDs: [String], segments: [Transcript.Segment]) {
            self.id = id
            self.assetIDs = assetIDs
            self.segments = segments
        }

        /// Creates a response that contains the metadata and segments you provide.
        ///
        /// ```swift
        /// Transcript.Response(metadata: ["modelID": "smollm2-135m"], segments: [.text(.init(content: "Hi."))])
        /// ```
        /// - parameter id: A unique identifier for the response.
        /// - parameter metadata: Additional information to associate with the response, keyed by name.
        /// - parameter segments: The segments of the response, in order.
        public init(id: String = UUID().uuidString, metadata: [String: any ConvertibleToGeneratedContent] = [:],
                    segments: [Transcript.Segment]) {
            self.id = id
            assetIDs = []
            self.segments = segments
            storedMetadata = metadata.generatedContent.storedForm
        }

        /// Metadata associated with generating the response.
        ///
        /// A response made with asset identifiers also reports them here, under `"assetIDs"`
        /// (as Apple's back-deployed `metadata` does), unless its metadata names that key itself.
        public var metadata: [String: GeneratedContent] {
            var metadata = storedMetadata ?? [:]
            if !assetIDs.isEmpty, metadata["assetIDs"] == nil {
                metadata["assetIDs"] = GeneratedContent(assetIDs)
            }
            return metadata
        }

        /// The segments, one per line.
        public var description: String { segments.plainText }

        private enum CodingKeys: String, CodingKey {
            case id, assetIDs, segments
            case storedMetadata = "metadata"
        }
    }
}
