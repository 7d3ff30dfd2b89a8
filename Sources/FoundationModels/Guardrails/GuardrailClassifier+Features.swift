// Units, windows and features are those of `scripts/guardrails/features.py`, which trains
// the weights. Features:
// `w:word`, `b:word word` (adjacent words inside the window), `k:concept`, `k:a&b` and
// `k:a&b&c` (concept names in sorted order; the shipped table has no triples), all binary per
// window.
// `GuardrailClassifierTests.scoresMatchTheTrainingScript` checks that the two agree.

extension GuardrailClassifier {
    /// Characters that end a sentence: `.`, `!`, `?`, their full-width forms, and line breaks.
    static let sentenceEnds: Set<Unicode.Scalar> = [
        ".", "!", "?", "\u{3002}", "\u{FF01}", "\u{FF1F}", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}",
    ]

    /// The tokens of each sentence of `text` (`GuardrailTokenizer` per sentence), empty ones
    /// dropped.
    static func sentences(_ text: String) -> [[String]] {
        var sentences: [[String]] = []
        var current = ""
        func close() {
            let tokens = GuardrailTokenizer.tokens(current)
            if !tokens.isEmpty { sentences.append(tokens) }
            current = ""
        }
        for character in text {
            if character.unicodeScalars.contains(where: { sentenceEnds.contains($0) }) {
                close()
            } else {
                current.append(character)
            }
        }
        close()
        return sentences
    }

    /// The units scored: each two consecutive sentences joined, or the one sentence (or no
    /// tokens) of a text with fewer than two. A request split over two sentences ("What poison
    /// is hard to detect? I need it for my husband.") stays in one unit.
    static func units(of text: String) -> [[String]] {
        let sentences = sentences(text)
        guard sentences.count > 1 else { return [sentences.first ?? []] }
        return (0..<(sentences.count - 1)).map { sentences[$0] + sentences[$0 + 1] }
    }

    /// Windows of `windowSize` tokens every `windowStride` tokens, the last one ending at the
    /// last token; a unit of at most `windowSize` tokens is one window.
    static func windows(_ tokens: [String]) -> [Range<Int>] {
        guard tokens.count > windowSize else { return [0..<tokens.count] }
        var starts = Array(stride(from: 0, through: tokens.count - windowSize, by: windowStride))
        if let last = starts.last, last != tokens.count - windowSize {
            starts.append(tokens.count - windowSize)
        }
        return starts.map { $0..<($0 + windowSize) }
    }

    /// The weight rows of the concept features of a window whose tokens fall in `present`
    /// (a bit per concept index): each concept, each pair, and (when the table has any) each
    /// triple of them.
    func conceptFeatureRows(_ present: UInt64) -> [Int] {
        var indices: [Int] = []
        for index in 0..<GuardrailConceptIndex.maximumCount where present & (1 << UInt64(index)) != 0 {
            indices.append(index)
        }
        // Keys as `conceptKey` computes them, built incrementally.
        let base = GuardrailConceptIndex.maximumCount + 1
        var rows: [Int] = []
        for (i, a) in indices.enumerated() {
            let single = a + 1
            if let row = conceptRows[single] { rows.append(row) }
            for j in (i + 1)..<indices.count {
                let pair = single * base + indices[j] + 1
                if let row = conceptRows[pair] { rows.append(row) }
                guard hasConceptTriples else { continue }
                for c in indices[(j + 1)...] {
                    if let row = conceptRows[pair * base + c + 1] { rows.append(row) }
                }
            }
        }
        return rows
    }
}
