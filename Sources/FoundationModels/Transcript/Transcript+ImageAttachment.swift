import Foundation
#if canImport(ImageIO)
import ImageIO
#endif

extension Transcript {
    /// An image attachment in a transcript entry.
    ///
    /// On Linux an image is reached through its ``url``: the pixel accessors of Apple's type
    /// (`cgImage`, `ciImage`, `pixelBuffer(resolution:pixelFormat:)`) need Core Graphics and are
    /// not provided. The file is not read when the attachment is made.
    ///
    /// ```swift
    /// let image = Transcript.ImageAttachment(imageURL: URL(fileURLWithPath: "/tmp/receipt.png"))
    /// image.url?.lastPathComponent   // "receipt.png"
    /// ```
    public struct ImageAttachment: Sendable, Equatable, Codable {
        /// The URL of the original image asset, if the attachment was created from a URL.
        public let url: URL?
        /// The display orientation of the image.
        public let orientation: CGImagePropertyOrientation

        /// Creates an image attachment from a file URL pointing to an image.
        ///
        /// - parameter imageURL: The image file.
        /// - parameter orientation: The orientation to apply; `nil` uses the image's natural
        ///   orientation (`.up`).
        public init(imageURL: URL, orientation: CGImagePropertyOrientation? = nil) {
            url = imageURL
            self.orientation = orientation ?? .up
        }

        private enum CodingKeys: String, CodingKey { case url, orientation }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            url = try container.decodeIfPresent(URL.self, forKey: .url)
            let raw = try container.decode(UInt32.self, forKey: .orientation)
            guard let orientation = CGImagePropertyOrientation(rawValue: raw) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .orientation, in: container,
                    debugDescription: "Image orientation \(raw) is out of range; allowed: 1...8 (EXIF orientations).")
            }
            self.orientation = orientation
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(url, forKey: .url)
            try container.encode(orientation.rawValue, forKey: .orientation)
        }
    }
}
