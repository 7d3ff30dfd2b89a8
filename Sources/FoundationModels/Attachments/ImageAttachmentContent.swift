/// The content of an image ``Attachment``.
///
/// You don't create it directly: use an `Attachment` initializer, such as
/// ``Attachment/init(imageURL:orientation:)``.
public struct ImageAttachmentContent: AttachmentContent, Sendable, Equatable {
    /// The image as the transcript holds it.
    let image: Transcript.ImageAttachment
}
