extension Transcript {
    /// A part of an entry: text, structured content, an attachment, or custom content.
    public enum Segment: Sendable, Identifiable, Equatable, Codable, CustomStringConvertible {
        /// A segment containing text.
        case text(Transcript.TextSegment)
        /// A segment containing structured content.
        case structure(Transcript.StructuredSegment)
        /// A segment containing an attachment.
        case attachment(Transcript.AttachmentSegment)
        /// A segment containing custom content.
        case custom(any Transcript.CustomSegment)

        public var id: String {
            switch self {
            case .text(let segment): segment.id
            case .structure(let segment): segment.id
            case .attachment(let segment): segment.id
            case .custom(let segment): segment.id
            }
        }

        /// The segment as the model reads it: text as is, structures as JSON, an attachment as
        /// its bracketed summary, custom content as its own description.
        public var description: String {
            switch self {
            case .text(let segment): segment.description
            case .structure(let segment): segment.description
            case .attachment(let segment): segment.description
            case .custom(let segment): segment.description
            }
        }

        public static func == (lhs: Segment, rhs: Segment) -> Bool {
            switch (lhs, rhs) {
            case (.text(let left), .text(let right)): left == right
            case (.structure(let left), .structure(let right)): left == right
            case (.attachment(let left), .attachment(let right)): left == right
            case (.custom(let left), .custom(let right)): left.isEqual(to: right)
            default: false
            }
        }

        // The coding is the one Swift synthesizes for an enum (`{"text": {"_0": …}}`), written
        // out because a custom segment is an existential; transcripts saved before attachment
        // and custom segments existed decode unchanged.
        private enum CodingKeys: String, CodingKey { case text, structure, attachment, custom }
        private enum PayloadKeys: String, CodingKey { case _0 }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            guard let key = container.allKeys.first, container.allKeys.count == 1 else {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: container.codingPath,
                    debugDescription: "A transcript segment needs exactly one of text, structure, attachment or custom; found \(container.allKeys.map(\.stringValue))."))
            }
            let payload = try container.nestedContainer(keyedBy: PayloadKeys.self, forKey: key)
            switch key {
            case .text: self = .text(try payload.decode(Transcript.TextSegment.self, forKey: ._0))
            case .structure: self = .structure(try payload.decode(Transcript.StructuredSegment.self, forKey: ._0))
            case .attachment: self = .attachment(try payload.decode(Transcript.AttachmentSegment.self, forKey: ._0))
            case .custom: self = .custom(try payload.decode(DecodedCustomSegment.self, forKey: ._0))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .text(let segment):
                var payload = container.nestedContainer(keyedBy: PayloadKeys.self, forKey: .text)
                try payload.encode(segment, forKey: ._0)
            case .structure(let segment):
                var payload = container.nestedContainer(keyedBy: PayloadKeys.self, forKey: .structure)
                try payload.encode(segment, forKey: ._0)
            case .attachment(let segment):
                var payload = container.nestedContainer(keyedBy: PayloadKeys.self, forKey: .attachment)
                try payload.encode(segment, forKey: ._0)
            case .custom(let segment):
                var payload = container.nestedContainer(keyedBy: PayloadKeys.self, forKey: .custom)
                try payload.encode(DecodedCustomSegment(segment), forKey: ._0)
            }
        }
    }
}
