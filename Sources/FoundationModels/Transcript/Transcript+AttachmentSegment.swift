import Foundation

extension Transcript {
    /// A segment containing an attached image, with an optional label that lets the model
    /// (and ``ImageReference``) refer to it.
    ///
    /// ```swift
    /// let segment = Transcript.AttachmentSegment(content: .image(.init(imageURL: photoURL)), label: "receipt")
    /// ```
    public struct AttachmentSegment: Sendable, Identifiable, Equatable, Codable, CustomStringConvertible {
        public var id: String
        /// The attached content.
        public var content: Transcript.Attachment
        /// The label that identifies the attachment, if any.
        public var label: String?

        /// Creates an attachment segment.
        ///
        /// - parameter id: A unique identifier for the segment.
        /// - parameter content: The attached content.
        /// - parameter label: A label that identifies the attachment.
        public init(id: String = UUID().uuidString, content: Transcript.Attachment, label: String? = nil) {
            self.id = id
            self.content = content
            self.label = label
        }

        /// The attachment's kind, label and file, such as `[image "receipt": file:///tmp/r.png]`.
        public var description: String {
            let name = label.map { " \"\($0)\"" } ?? ""
            switch content {
            case .image(let image): return "[image\(name)\(image.url.map { ": \($0.absoluteString)" } ?? "")]"
            }
        }
    }

    /// The types of attached content.
    public enum Attachment: Sendable, Equatable, Codable {
        /// An attached image.
        case image(Transcript.ImageAttachment)
    }
}
