/// The vocabulary split for fast masks inside JSON strings (llguidance's "slicer" idea).
///
/// Most tokens are *plain string text*: complete UTF-8 with no `"`, `\` or control character.
/// In a DFA state from which every plain text of up to n characters stays alive (a free
/// string's body, a key that may still leave the excluded-key trie, a string with n or more
/// characters of room left), every plain token of at most n characters is allowed at once from
/// a precomputed bitmask and only the other tokens are walked, in their own trie.
final class TokenSlices: Sendable {
    /// One precomputed split: plain tokens of at most `maxCharacters` characters.
    struct Slice: Sendable {
        let maxCharacters: Int
        /// Bit t set when token t is plain text of at most `maxCharacters` characters.
        let mask: [UInt64]
        /// Trie of every other ordinary token.
        let rest: TokenTrie
    }

    /// Trie of every ordinary token.
    let all: TokenTrie
    /// Slices by increasing `maxCharacters`; the last covers every plain token.
    let slices: [Slice]
    /// The same for plain tokens that are all ASCII, for states where only ASCII plain text is
    /// proven safe (a key in an excluded-key trie: proving it for every UTF-8 character costs
    /// a closure per trie node and byte, and the few non-ASCII tokens are cheap to walk).
    let asciiSlices: [Slice]
    /// Characters in the longest plain token.
    let longestPlain: Int
    /// `plainUpTo[n]`: bit t set when token t is plain text of 1 to n characters, for n in
    /// 0...longestPlain (masks of JSON strings with exactly n characters left).
    let plainUpTo: [[UInt64]]
    /// Trie of every token that is not plain text (escapes, quotes, control bytes, pieces of
    /// UTF-8 characters).
    let nonPlain: TokenTrie
    /// How many characters deep the safety search looks before giving up on finding a cycle
    /// (so its cost per state is bounded): 16.
    static let searchDepth = 16

    init(vocabulary: TokenVocabulary) {
        var characters = [Int](repeating: -1, count: vocabulary.count)
        for (index, bytes) in vocabulary.tokenBytes.enumerated()
        where !bytes.isEmpty && !vocabulary.specialTokenIDs.contains(Int32(index)) {
            characters[index] = TokenSlices.plainCharacterCount(bytes) ?? -1
        }
        let longest = characters.max() ?? 0
        longestPlain = max(longest, 0)
        all = TokenTrie(vocabulary: vocabulary)
        let slices = TokenSlices.slices(vocabulary: vocabulary, characters: characters)
        self.slices = slices
        var ascii = [Int](repeating: -1, count: vocabulary.count)
        for (index, count) in characters.enumerated() where count >= 1 && vocabulary.tokenBytes[index].allSatisfy({ $0 < 0x80 }) {
            ascii[index] = count
        }
        asciiSlices = TokenSlices.slices(vocabulary: vocabulary, characters: ascii)
        var byLength = [[Int]](repeating: [], count: longestPlain + 1)
        for (index, count) in characters.enumerated() where count >= 1 { byLength[count].append(index) }
        var upTo = [[UInt64](repeating: 0, count: vocabulary.maskWordCount)]
        for length in 1..<byLength.count {
            var mask = upTo[length - 1]
            for index in byLength[length] { mask[index >> 6] |= 1 << UInt64(index & 63) }
            upTo.append(mask)
        }
        plainUpTo = upTo
        nonPlain = slices.last?.rest ?? TokenTrie(vocabulary: vocabulary) { characters[Int($0)] < 1 }
    }

    /// Slices for the tokens with `characters[t] >= 1`, at a few lengths up to the longest.
    private static func slices(vocabulary: TokenVocabulary, characters: [Int]) -> [Slice] {
        let longest = characters.max() ?? 0
        var slices: [Slice] = []
        for limit in [2, 4, 8, TokenSlices.searchDepth, longest] where limit >= 1 && limit <= longest && !slices.contains(where: { $0.maxCharacters == limit }) {
            var mask = [UInt64](repeating: 0, count: vocabulary.maskWordCount)
            for (index, count) in characters.enumerated() where count >= 1 && count <= limit {
                mask[index >> 6] |= 1 << UInt64(index & 63)
            }
            let rest = TokenTrie(vocabulary: vocabulary) { characters[Int($0)] < 1 || characters[Int($0)] > limit }
            slices.append(Slice(maxCharacters: limit, mask: mask, rest: rest))
        }
        return slices
    }

    /// Number of characters when `bytes` is plain string text, else nil.
    static func plainCharacterCount(_ bytes: [UInt8]) -> Int? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        var count = 0
        for scalar in text.unicodeScalars {
            guard scalar.value >= 0x20, scalar.value != 0x22, scalar.value != 0x5C else { return nil }
            count += 1
        }
        return count
    }

    /// The widest slice usable where plain text of up to `safeCharacters` stays alive.
    func slice(forSafeCharacters safeCharacters: Int) -> Slice? {
        slices.last { $0.maxCharacters <= safeCharacters }
    }

    /// The widest ASCII slice usable where ASCII plain text of up to `safeCharacters` stays alive.
    func asciiSlice(forSafeCharacters safeCharacters: Int) -> Slice? {
        asciiSlices.last { $0.maxCharacters <= safeCharacters }
    }

    /// The byte ranges of the ASCII plain characters (each one byte).
    static let asciiCharacterSequences: [[ClosedRange<UInt8>]] = [[0x20...0x21], [0x23...0x5B], [0x5D...0x7F]]

    /// Byte-range sequences spelling exactly the plain string characters in UTF-8.
    static let plainCharacterSequences: [[ClosedRange<UInt8>]] = {
        var sequences: [[ClosedRange<UInt8>]] = [[0x20...0x21], [0x23...0x5B], [0x5D...0x7F]]
        sequences += CodePointSet.utf8Sequences(0x80...CodePointSet.maxScalar)
        return sequences
    }()
}
