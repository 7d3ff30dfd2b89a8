import Foundation
#if canImport(ImageIO)
import ImageIO
#endif

/// An asset provided to the model, such as an image, alongside text in prompts and
/// instructions.
///
/// ```swift
/// let response = try await session.respond {
///     "Compare these two images:"
///     Attachment(imageURL: first).label("image-0")
///     Attachment(imageURL: second).label("image-1")
/// }
/// ```
///
/// Labels help the model identify attachments when it calls tools (see ``ImageReference``).
/// A model without ``LanguageModelCapabilities/Capability/vision``, such as the local
/// `SystemLanguageModel` here, refuses prompts with attachments with
/// ``LanguageModelError/unsupportedCapability(_:)``.
public struct Attachment<Content: AttachmentContent> {
    let content: Content
    let labelText: String?

    init(content: Content, label: String? = nil) {
        self.content = content
        labelText = label
    }

    /// Assigns a label to an attachment.
    ///
    /// ```swift
    /// Attachment(imageURL: photoURL).label("profile-photo")
    /// ```
    /// - parameter label: A string that identifies this attachment.
    /// - returns: The attachment with that label.
    public func label(_ label: String) -> Attachment<Content> {
        Attachment(content: content, label: label)
    }
}

extension Attachment: Sendable where Content: Sendable {}

extension Attachment where Content == ImageAttachmentContent {
    /// Creates an attachment from a file URL pointing to an image.
    ///
    /// - parameter imageURL: A URL to the image file to attach; it is not read here.
    /// - parameter orientation: The orientation to apply to the image; `nil` uses the image's
    ///   natural orientation.
    public init(imageURL: URL, orientation: CGImagePropertyOrientation? = nil) {
        self.init(content: ImageAttachmentContent(image: Transcript.ImageAttachment(imageURL: imageURL, orientation: orientation)))
    }

    /// The attachment as the transcript segment a prompt or instructions carry.
    var segment: Transcript.AttachmentSegment {
        Transcript.AttachmentSegment(content: .image(content.image), label: labelText)
    }
}

extension Attachment: PromptRepresentable, InstructionsRepresentable where Content == ImageAttachmentContent {
    /// The attachment as a prompt part.
    public var promptRepresentation: Prompt { return Prompt(components: [.attachment(segment)]) }

    /// The attachment as an instructions part.
    public var instructionsRepresentation: Instructions { return Instructions(components: [.attachment(segment)]) }
}
