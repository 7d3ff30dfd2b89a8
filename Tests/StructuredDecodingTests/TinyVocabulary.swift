import StructuredDecoding

/// A hand-checkable vocabulary (ids on the left):
///
/// ```
///  0 <eos>  (end of generation)     13 "a"
///  1 <bos>  (special)               14 "ab"
///  2 "{"                            15 "b"
///  3 "}"                            16 "1"
///  4 "\""                           17 "12"
///  5 "{\""                          18 "-"
///  6 "\":"                          19 "0"
///  7 ","                            20 "true"
///  8 ",\""                          21 "false"
///  9 ":"                            22 "null"
/// 10 "["                            23 " "
/// 11 "]"                            24 "é"   (2 bytes: C3 A9)
/// 12 "\"}"                          25 [0xC3] (half of é)
/// ```
enum TinyVocabulary {
    static let texts: [String] = [
        "", "", "{", "}", "\"", "{\"", "\":", ",", ",\"", ":", "[", "]", "\"}", "a", "ab", "b", "1", "12", "-", "0",
        "true", "false", "null", " ", "é",
    ]
    static let eos: Int32 = 0
    static let bos: Int32 = 1

    static let vocabulary: TokenVocabulary = {
        var bytes = texts.map { Array($0.utf8) }
        bytes.append([0xC3])
        return TokenVocabulary(tokenBytes: bytes, specialTokenIDs: [0, 1], endOfGenerationTokenIDs: [0])
    }()

    static func id(_ text: String) -> Int32 {
        Int32(texts.firstIndex(of: text) ?? -1)
    }

    static func allowed(_ mask: [UInt64]) -> Set<Int32> {
        var result = Set<Int32>()
        for token in 0..<vocabulary.count where mask[token >> 6] & (1 << UInt64(token & 63)) != 0 {
            result.insert(Int32(token))
        }
        return result
    }
}
