/// A set of token ids as one bit per token: bit `i % 64` of `words[i / 64]` is token `i`.
///
/// The structured decoder fills the same layout for the tokens a grammar allows next.
///
/// ```swift
/// var mask = TokenBitmask(vocabularySize: 49152, allowing: false)
/// mask.insert(42)
/// mask.contains(42)   // true
/// ```
public struct TokenBitmask: Sendable, Hashable {
    public let vocabularySize: Int
    /// The bits; bits at or past `vocabularySize` in the last word are always zero.
    public var words: [UInt64]

    /// A mask over `vocabularySize` tokens with every bit set (`allowing: true`) or clear.
    public init(vocabularySize: Int, allowing: Bool) {
        let size = max(0, vocabularySize)
        self.vocabularySize = size
        words = [UInt64](repeating: allowing ? ~0 : 0, count: (size + 63) / 64)
        if allowing, size % 64 != 0, !words.isEmpty { words[words.count - 1] = (1 << UInt64(size % 64)) - 1 }
    }

    /// Whether token `id` is in the set (false for ids outside the vocabulary).
    public func contains(_ id: Int32) -> Bool {
        guard id >= 0, Int(id) < vocabularySize else { return false }
        return words[Int(id) >> 6] & (1 << UInt64(id & 63)) != 0
    }

    /// Adds `id` (ignored outside the vocabulary).
    public mutating func insert(_ id: Int32) {
        guard id >= 0, Int(id) < vocabularySize else { return }
        words[Int(id) >> 6] |= 1 << UInt64(id & 63)
    }

    /// Removes `id` (ignored outside the vocabulary).
    public mutating func remove(_ id: Int32) {
        guard id >= 0, Int(id) < vocabularySize else { return }
        words[Int(id) >> 6] &= ~(1 << UInt64(id & 63))
    }

    /// Number of tokens in the set.
    public var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// The ids in the set, ascending.
    public var tokens: [Int32] {
        var result: [Int32] = []
        for (w, word) in words.enumerated() where word != 0 {
            var bits = word
            while bits != 0 {
                let bit = bits.trailingZeroBitCount
                let id = w << 6 | bit
                if id < vocabularySize { result.append(Int32(id)) }
                bits &= bits - 1
            }
        }
        return result
    }
}
