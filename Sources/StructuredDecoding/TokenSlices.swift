/// The vocabulary split for fast masks inside JSON strings (llguidance's "slicer" idea).
///
/// Most tokens are *plain string text*: complete UTF-8 with no `"`, `\` or control character.
/// In a DFA state where every plain character leads back to the same state (the body of a free
/// string, or a pattern's `.*`), all of them are allowed at once from a precomputed bitmask and
/// only the few remaining tokens are walked, in their own small trie.
final class TokenSlices: Sendable {
    /// Trie of every ordinary token.
    let all: TokenTrie
    /// Trie of the ordinary tokens that are not plain string text.
    let nonPlain: TokenTrie
    /// Bit t set when token t is plain string text.
    let plainMask: [UInt64]
    let plainCount: Int

    init(vocabulary: TokenVocabulary) {
        var mask = [UInt64](repeating: 0, count: vocabulary.maskWordCount)
        var plain = [Bool](repeating: false, count: vocabulary.count)
        var count = 0
        for (index, bytes) in vocabulary.tokenBytes.enumerated()
        where !bytes.isEmpty && !vocabulary.specialTokenIDs.contains(Int32(index)) && TokenSlices.isPlainStringText(bytes) {
            plain[index] = true
            mask[index >> 6] |= 1 << UInt64(index & 63)
            count += 1
        }
        all = TokenTrie(vocabulary: vocabulary)
        nonPlain = TokenTrie(vocabulary: vocabulary) { !plain[Int($0)] }
        plainMask = mask
        plainCount = count
    }

    static func isPlainStringText(_ bytes: [UInt8]) -> Bool {
        guard let text = String(validating: bytes, as: UTF8.self) else { return false }
        return text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x22 && $0.value != 0x5C }
    }

    /// Byte-range sequences spelling exactly the plain string characters in UTF-8.
    static let plainCharacterSequences: [[ClosedRange<UInt8>]] = {
        var sequences: [[ClosedRange<UInt8>]] = [[0x20...0x21], [0x23...0x5B], [0x5D...0x7F]]
        sequences += CodePointSet.utf8Sequences(0x80...CodePointSet.maxScalar)
        return sequences
    }()
}

extension LazyDFA {
    /// Whether every plain string character leads from `state` back to `state` (so every plain
    /// token is allowed there and keeps it). Cached per state.
    mutating func loopsOnPlainText(_ state: Int32) -> Bool {
        if let known = plainLoop[state] { return known }
        var result = state != 0
        outer: for sequence in TokenSlices.plainCharacterSequences where result {
            var current: Set<Int32> = [state]
            for range in sequence {
                var next = Set<Int32>()
                for from in current {
                    for byte in range {
                        let target = step(from, byte)
                        if target == 0 { result = false; break outer }
                        next.insert(target)
                    }
                }
                current = next
            }
            if current != [state] { result = false }
        }
        plainLoop[state] = result
        return result
    }
}
