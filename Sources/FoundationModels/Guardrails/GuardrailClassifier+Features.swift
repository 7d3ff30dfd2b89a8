// The features are those of `scripts/guardrails/features.py`, which trains the weights:
// `w:word`, `b:word word` (adjacent words inside the window), `k:concept`, `k:a&b` and
// `k:a&b&c` (concept names in sorted order), all binary per window.
// `GuardrailClassifierTests.scoresMatchTheTrainingScript` checks that the two agree.

extension GuardrailClassifier {
    /// Windows of `windowSize` tokens every `windowStride` tokens, the last one ending at the
    /// last token; a text of at most `windowSize` tokens is one window.
    static func windows(_ tokens: [String]) -> [Range<Int>] {
        guard tokens.count > windowSize else { return [0..<tokens.count] }
        var starts = Array(stride(from: 0, through: tokens.count - windowSize, by: windowStride))
        if let last = starts.last, last != tokens.count - windowSize {
            starts.append(tokens.count - windowSize)
        }
        return starts.map { $0..<($0 + windowSize) }
    }

    /// The weight rows of the concept features of a window whose tokens fall in `present`
    /// (a bit per concept index): each concept, and each pair and triple of them.
    func conceptFeatureRows(_ present: UInt64) -> [Int] {
        var indices: [Int] = []
        for index in 0..<GuardrailConceptIndex.maximumCount where present & (1 << UInt64(index)) != 0 {
            indices.append(index)
        }
        var rows: [Int] = []
        for (i, a) in indices.enumerated() {
            if let row = conceptRows[Self.conceptKey([a])] { rows.append(row) }
            for j in (i + 1)..<indices.count {
                let b = indices[j]
                if let row = conceptRows[Self.conceptKey([a, b])] { rows.append(row) }
                for c in indices[(j + 1)...] {
                    if let row = conceptRows[Self.conceptKey([a, b, c])] { rows.append(row) }
                }
            }
        }
        return rows
    }
}
