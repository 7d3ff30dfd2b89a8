internal import CKernels

/// A set of byte values, counted over a text in one optimized pass (the C kernels run at -O3 in
/// every build configuration, where a Swift loop over 10 MB takes seconds in a debug build).
public struct ByteSet: Sendable {
    private let members: [UInt8]

    /// The bytes `contains` holds `true` for (indexed by byte value; missing entries are `false`).
    public init(_ contains: [Bool]) {
        members = (0..<256).map { $0 < contains.count && contains[$0] ? 1 : 0 }
    }

    /// How many of the UTF-8 bytes of `text` are members.
    public func count(in text: String) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            members.withUnsafeBufferPointer { table in
                bytes.isEmpty ? 0 : Int(ck_count_bytes_in_set(bytes.baseAddress, bytes.count, table.baseAddress))
            }
        }
    }
}
