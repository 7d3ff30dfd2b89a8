/// A reference to an image in a session's transcript, by its attachment label.
///
/// Use it as (part of) a tool's arguments so the model can point at an image it was shown;
/// resolve it against the transcript in the tool.
///
/// ```swift
/// @Generable struct Arguments { var image: ImageReference }
///
/// func call(arguments: Arguments) async throws -> String {
///     guard let image = arguments.image.resolved(in: session.transcript) else { return "No such image." }
///     return image.url?.lastPathComponent ?? "an image"
/// }
/// ```
public struct ImageReference: Sendable, Equatable {
    /// The label of the referenced image.
    public let attachmentLabel: String

    init(attachmentLabel: String) { self.attachmentLabel = attachmentLabel }

    /// Returns the referenced image from the transcript.
    ///
    /// - parameter transcript: The transcript to resolve the reference against.
    /// - returns: The attachment labelled ``attachmentLabel`` (the one in the latest entry
    ///   when several share it), or `nil` when no attachment has that label.
    public func resolved(in transcript: some Sequence<Transcript.Entry>) -> Transcript.ImageAttachment? {
        var found: Transcript.ImageAttachment?
        for entry in transcript {
            for case .attachment(let segment) in entry.segments where segment.label == attachmentLabel {
                if case .image(let image) = segment.content { found = image }
            }
        }
        return found
    }

    /// A representation of partially generated content: the label as generated so far.
    public struct PartiallyGenerated: Identifiable, ConvertibleFromGeneratedContent, Equatable, Sendable {
        public var id: GenerationID
        /// The label of the referenced image as the model generates it.
        public var attachmentLabel: String.PartiallyGenerated?

        public init(_ content: GeneratedContent) throws {
            id = content.id ?? GenerationID()
            attachmentLabel = try content.value(String?.self, forProperty: "attachmentLabel")
        }
    }
}

extension ImageReference: Generable {
    /// An object with the attachment's label.
    public static var generationSchema: GenerationSchema {
        GenerationSchema(type: ImageReference.self, description: "A reference to an image attachment, by its label.",
                         properties: [.init(name: "attachmentLabel", description: "The label of the referenced image.", type: String.self)])
    }

    public init(_ content: GeneratedContent) throws {
        attachmentLabel = try content.value(String.self, forProperty: "attachmentLabel")
    }

    public var generatedContent: GeneratedContent { GeneratedContent(properties: ["attachmentLabel": attachmentLabel]) }

    public func asPartiallyGenerated() -> PartiallyGenerated {
        // The partial form of complete content is the content itself; it always converts.
        (try? PartiallyGenerated(generatedContent)) ?? PartiallyGenerated(id: GenerationID(), attachmentLabel: attachmentLabel)
    }
}

extension ImageReference.PartiallyGenerated {
    init(id: GenerationID, attachmentLabel: String?) {
        self.id = id
        self.attachmentLabel = attachmentLabel
    }
}
