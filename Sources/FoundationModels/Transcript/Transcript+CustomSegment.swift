import Foundation
import JSONCore

extension Transcript {
    /// A segment whose content is a type of your own: a model that understands it reads it,
    /// others read its ``description``.
    ///
    /// ```swift
    /// struct Citation: Transcript.CustomSegment {
    ///     var id = UUID().uuidString
    ///     var content: URL
    ///     var description: String { "Source: \(content.absoluteString)" }
    /// }
    /// let segment = Transcript.Segment.custom(Citation(content: paperURL))
    /// ```
    ///
    /// A transcript with custom segments stays `Codable`: the segment encodes its `id`,
    /// `description` and `content` (as JSON); it decodes as a segment of a type of this
    /// module that keeps those three, since the original type is not known to the decoder.
    public protocol CustomSegment: InstructionsRepresentable, PromptRepresentable, CustomStringConvertible,
                                   Equatable, Identifiable, Sendable {
        /// The type of the segment's content.
        associatedtype Content: Codable, Equatable, Sendable

        /// The segment's identifier.
        var id: String { get }

        /// The segment's content.
        var content: Content { get }
    }
}

extension Transcript.CustomSegment {
    /// The segment as a prompt: its description.
    public var promptRepresentation: Prompt { return Prompt(content: description) }

    /// The segment as instructions: its description.
    public var instructionsRepresentation: Instructions { return Instructions(content: description) }

    /// The segment's content as compact JSON, or as Swift describes it when it does not
    /// encode as JSON.
    public var description: String {
        (try? JSONEncoder().encode(content)).flatMap { String(data: $0, encoding: .utf8) } ?? String(describing: content)
    }

    /// Whether `other` is a segment of this type with equal content and identifier.
    func isEqual(to other: any Transcript.CustomSegment) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

/// A custom segment read back from an encoded transcript: the original type is unknown to the
/// decoder, so its identifier, description and content (as a JSON value) are kept.
struct DecodedCustomSegment: Transcript.CustomSegment, Codable {
    let id: String
    let content: DecodedCustomSegmentContent
    let text: String

    init(_ segment: any Transcript.CustomSegment) {
        if let decoded = segment as? DecodedCustomSegment {
            self = decoded
            return
        }
        id = segment.id
        text = segment.description
        content = DecodedCustomSegmentContent(segment.encodedContent)
    }

    var description: String { text }

    private enum CodingKeys: String, CodingKey { case id, content, text = "description" }
}

/// The JSON value a custom segment's content encoded to (`null` when it does not encode).
struct DecodedCustomSegmentContent: Codable, Equatable, Sendable {
    let value: JSONValue

    init(_ value: JSONValue) { self.value = value }

    init(from decoder: any Decoder) throws { value = try CodableJSONValue(from: decoder).value }

    func encode(to encoder: any Encoder) throws { try CodableJSONValue(value).encode(to: encoder) }
}

extension Transcript.CustomSegment {
    /// The content as a JSON value, through its `Codable` conformance.
    var encodedContent: JSONValue {
        guard let data = try? JSONEncoder().encode(content), let text = String(data: data, encoding: .utf8),
              let value = try? JSONValue(parsing: text) else { return .null }
        return value
    }
}
