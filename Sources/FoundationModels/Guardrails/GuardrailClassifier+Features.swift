extension GuardrailClassifier {
    /// Windows of `windowSize` tokens every `windowStride` tokens, the last one ending at the
    /// last token; a text of at most `windowSize` tokens is one window.
    static func windows(_ tokens: [String]) -> [ArraySlice<String>] {
        guard tokens.count > windowSize else { return [tokens[...]] }
        var starts = Array(stride(from: 0, through: tokens.count - windowSize, by: windowStride))
        if let last = starts.last, last != tokens.count - windowSize {
            starts.append(tokens.count - windowSize)
        }
        return starts.map { tokens[$0..<($0 + windowSize)] }
    }

    /// The binary features of one window, spelled as in `scripts/guardrails/features.py`:
    /// `w:word`, `b:word word`, `k:concept`, `k:a&b` and `k:a&b&c` (concept names in order).
    func features(of window: ArraySlice<String>) -> Set<String> {
        var features: Set<String> = []
        var present: Set<Int> = []
        var previous: String?
        for token in window {
            features.insert("w:" + token)
            if let previous { features.insert("b:" + previous + " " + token) }
            previous = token
            present.formUnion(concepts.classes(of: token))
        }
        // Concept indices follow name order, so sorting them sorts the names.
        let names = present.sorted().map { concepts.names[$0] }
        for (i, a) in names.enumerated() {
            features.insert("k:" + a)
            for j in (i + 1)..<names.count {
                let pair = "k:" + a + "&" + names[j]
                features.insert(pair)
                for k in (j + 1)..<names.count {
                    features.insert(pair + "&" + names[k])
                }
            }
        }
        return features
    }
}
