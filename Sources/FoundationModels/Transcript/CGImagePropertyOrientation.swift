#if !canImport(ImageIO)
/// The orientation of an image, as the EXIF orientation values 1 to 8 (ImageIO's type on
/// Apple platforms; this declaration stands in for it where ImageIO does not exist, so
/// `orientation:` arguments written for Apple's API compile on Linux).
///
/// ```swift
/// Attachment(imageURL: url, orientation: .right)
/// ```
public enum CGImagePropertyOrientation: UInt32, Sendable, Hashable {
    /// The encoded image data matches the image's intended display orientation.
    case up = 1
    /// Horizontally flipped from the intended display orientation.
    case upMirrored = 2
    /// Rotated 180° from the intended display orientation.
    case down = 3
    /// Vertically flipped from the intended display orientation.
    case downMirrored = 4
    /// Horizontally flipped and rotated 90° counterclockwise.
    case leftMirrored = 5
    /// Rotated 90° clockwise from the intended display orientation.
    case right = 6
    /// Horizontally flipped and rotated 90° clockwise.
    case rightMirrored = 7
    /// Rotated 90° counterclockwise from the intended display orientation.
    case left = 8
}
#endif
