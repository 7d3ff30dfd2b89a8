/// What the decoder knows about a model: the bytes of every token and which tokens are special.
///
/// Special tokens (chat markers, BOS...) never match grammar bytes; end-of-generation tokens are
/// allowed exactly when the grammar's value is complete.
public struct TokenVocabulary: Sendable {
    public let tokenBytes: [[UInt8]]
    public let specialTokenIDs: Set<Int32>
    public let endOfGenerationTokenIDs: Set<Int32>

    public init(tokenBytes: [[UInt8]], specialTokenIDs: Set<Int32>, endOfGenerationTokenIDs: Set<Int32>) {
        self.tokenBytes = tokenBytes
        self.specialTokenIDs = specialTokenIDs
        self.endOfGenerationTokenIDs = endOfGenerationTokenIDs
    }

    public var count: Int { tokenBytes.count }

    /// Number of 64-bit words in an allowed-token bitmask.
    public var maskWordCount: Int { (tokenBytes.count + 63) / 64 }
}
