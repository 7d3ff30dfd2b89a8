/// Where one tensor lives in a GGUF file and how it is shaped.
///
/// `dimensions` follow ggml: `dimensions[0]` (`ne[0]`) is the contiguous row length, so a
/// weight matrix with `n` rows of `k` elements is `[k, n]`.
public struct GGUFTensorInfo: Sendable, Hashable {
    /// The tensor name, e.g. `blk.0.attn_q.weight`.
    public let name: String
    /// Element counts per dimension, `ne[0]` first; at most four.
    public let dimensions: [Int]
    /// The element encoding.
    public let type: GGMLType
    /// Absolute byte offset of the tensor data in the file (data section start + relative offset).
    public let offset: Int
    /// Bytes of tensor data (`elementCount / blockSize * bytesPerBlock`).
    public let byteCount: Int

    /// Creates tensor info; the reader validates every field before calling this.
    public init(name: String, dimensions: [Int], type: GGMLType, offset: Int, byteCount: Int) {
        self.name = name
        self.dimensions = dimensions
        self.type = type
        self.offset = offset
        self.byteCount = byteCount
    }

    /// Product of the dimensions (1 for a tensor with no dimensions).
    public var elementCount: Int { dimensions.reduce(1, *) }

    /// Number of rows: the product of every dimension after the first.
    public var rowCount: Int { dimensions.dropFirst().reduce(1, *) }
}
