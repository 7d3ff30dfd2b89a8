import Foundation

/// Why a GGUF file could not be read: which file, at which byte offset, and what was wrong.
///
/// ```swift
/// do { _ = try GGUFFile(contentsOf: url) }
/// catch let error as GGUFError where error.kind == .truncated { … }
/// ```
/// `description` reads like "model.gguf: offset 1234: tensor 'blk.0.attn_q.weight' has 5
/// dimensions; at most 4 are allowed".
public struct GGUFError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The class of failure, for callers that branch on it.
    public enum Kind: Sendable, Hashable {
        /// The file could not be opened, inspected or mapped (`errno` from the failing call).
        case io(errno: Int32)
        /// The file ends before a value it promises.
        case truncated
        /// The first four bytes are not `GGUF`.
        case badMagic
        /// The version is not 2 or 3.
        case unsupportedVersion
        /// A metadata value type tag is unknown, or an array holds arrays.
        case unknownValueType
        /// A tensor type id is not one ggml defines (or one it retired).
        case unknownTensorType
        /// A metadata key appears twice.
        case duplicateKey
        /// A tensor name appears twice.
        case duplicateTensor
        /// `general.alignment` is not a non-zero power of two stored as uint32.
        case badAlignment
        /// A tensor's data does not lie inside the file.
        case tensorOutOfBounds
        /// A tensor's offset is not where the previous tensors end (rounded up to the alignment).
        case misalignedTensor
        /// A tensor has too many dimensions, a negative or overflowing size, or a row length that
        /// is not a multiple of its type's block size.
        case badTensorShape
        /// A count or length exceeds what the rest of the file could hold, or a hard cap.
        case absurdCount
        /// A string is not valid UTF-8 where the format requires it (keys, tensor names).
        case invalidString
    }

    /// The class of failure.
    public let kind: Kind
    /// The file being read.
    public let url: URL
    /// Byte offset in the file where the bad value starts.
    public let offset: Int
    /// What was wrong, naming the key or tensor, the bad value and the allowed range.
    public let reason: String

    public init(kind: Kind, url: URL, offset: Int, reason: String) {
        self.kind = kind
        self.url = url
        self.offset = offset
        self.reason = reason
    }

    public var description: String {
        "\(url.path): offset \(offset): \(reason)"
    }
}
