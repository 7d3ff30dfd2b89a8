/// Turns a stream of token ids into text, one complete character at a time.
///
/// A token can end in the middle of a UTF-8 sequence (byte-fallback tokens, or byte-level BPE
/// pieces of an emoji); `append` holds such bytes back until the sequence completes, so every
/// returned string is exactly the text decoded so far, never a replacement character for a
/// half-received one.
///
/// ```swift
/// var detokenizer = StreamingDetokenizer(tokenizer: tokenizer)
/// for id in generated { print(detokenizer.append(id), terminator: "") }
/// print(detokenizer.finish())
/// ```
public struct StreamingDetokenizer: Sendable {
    public let tokenizer: Tokenizer
    /// Whether control tokens are left out of the text (default true).
    public let skipSpecial: Bool
    private var pending: [UInt8] = []

    public init(tokenizer: Tokenizer, skipSpecial: Bool = true) {
        self.tokenizer = tokenizer
        self.skipSpecial = skipSpecial
    }

    /// Adds one token and returns the text that is now complete (possibly empty).
    public mutating func append(_ token: Int32) -> String {
        tokenizer.appendBytes(of: token, skipSpecial: skipSpecial, to: &pending)
        let cut = Self.completePrefixLength(pending)
        guard cut > 0 else { return "" }
        let text = String(decoding: pending[..<cut], as: UTF8.self)
        pending.removeFirst(cut)
        return text
    }

    /// Returns whatever is held back (an incomplete sequence becomes U+FFFD) and resets.
    public mutating func finish() -> String {
        defer { pending.removeAll() }
        return String(decoding: pending, as: UTF8.self)
    }

    /// Length of the prefix that does not end in an incomplete (but so far valid) UTF-8
    /// sequence. Invalid bytes are not held back: they can never complete.
    static func completePrefixLength(_ bytes: [UInt8]) -> Int {
        let count = bytes.count
        // Look at most 3 bytes back for the lead byte of the last sequence.
        var index = count - 1
        var continuation = 0
        while index >= 0, continuation < 3, bytes[index] & 0xC0 == 0x80 {
            continuation += 1
            index -= 1
        }
        guard index >= 0 else { return count }
        let lead = bytes[index]
        let needed: Int
        switch lead {
        case 0xC2...0xDF: needed = 2
        case 0xE0...0xEF: needed = 3
        case 0xF0...0xF4: needed = 4
        default: return count   // ASCII, or a byte that cannot start a sequence
        }
        return continuation + 1 < needed ? index : count
    }
}
