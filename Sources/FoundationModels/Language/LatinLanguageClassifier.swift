import Foundation

/// Tells apart the Latin-script languages of `LatinLanguageProfile.catalog` by scoring
/// function words and characteristic letter sequences.
///
/// Each word found in `k` profiles adds `1/k` to each of them, so `"de"` (Spanish, Portuguese,
/// French, Dutch, Turkish) decides little and `"het"` decides a lot. Each letter sequence adds its
/// weight per occurrence (occurrences may overlap, so a space between two words serves as
/// the end boundary of one and the start boundary of the next). Vietnamese letters with a dot below or hook above
/// (U+1EA0...U+1EF9) add 1 each to Vietnamese: no other language here uses them.
///
/// - Note: Cost is linear in the text: one dictionary lookup per word and one per character
///   (patterns are indexed by their first character).
package struct LatinLanguageClassifier: Sendable {
    /// The outcome for one piece of Latin-script text.
    package struct Result: Sendable, Hashable {
        /// The best language, or `nil` when the evidence was below `minimumEvidence`.
        package var code: String?
        /// The best-scoring language even when the evidence is weak; `nil` only when no
        /// profile scored at all.
        package var bestCode: String?
        /// Best score over the sum of all positive scores, in `0...1`.
        package var confidence: Double
        /// The best language's raw score (about one unit per distinctive word).
        package var evidence: Double
    }

    /// Below this raw score the text is reported as undetermined: identifiers, code and
    /// names carry no reliable language.
    package var minimumEvidence: Double = 0.9

    private let profiles: [LatinLanguageProfile]
    private let wordWeights: [String: [(index: Int, weight: Double)]]
    /// Letter-sequence patterns keyed by their first scalar, so one pass over the text
    /// checks only the few patterns that can start at each position.
    private let patternsByFirstScalar: [Unicode.Scalar: [(scalars: [Unicode.Scalar], index: Int, weight: Double)]]

    /// The classifier over `LatinLanguageProfile.catalog`, built once.
    package static let standard = LatinLanguageClassifier()

    package init(profiles: [LatinLanguageProfile] = LatinLanguageProfile.catalog) {
        self.profiles = profiles
        var owners: [String: [Int]] = [:]
        for (index, profile) in profiles.enumerated() {
            for word in profile.functionWords { owners[word, default: []].append(index) }
        }
        self.wordWeights = owners.mapValues { indices in
            indices.map { (index: $0, weight: 1 / Double(indices.count)) }
        }
        var patterns: [Unicode.Scalar: [(scalars: [Unicode.Scalar], index: Int, weight: Double)]] = [:]
        for (index, profile) in profiles.enumerated() {
            for sequence in profile.sequences {
                let scalars = Array(sequence.text.unicodeScalars)
                guard let first = scalars.first else { continue }
                patterns[first, default: []].append((scalars: scalars, index: index, weight: sequence.weight))
            }
        }
        self.patternsByFirstScalar = patterns
    }

    /// Scores `text` (any case, any normalization form) against every profile.
    package func classify(_ text: String) -> Result {
        let scores = self.scores(text)
        var best = -1
        var total = 0.0
        for (index, score) in scores.enumerated() where score > 0 {
            total += score
            if best < 0 || score > scores[best] { best = index }
        }
        guard best >= 0 else { return Result(code: nil, bestCode: nil, confidence: 0, evidence: 0) }
        let evidence = scores[best]
        let confidence = evidence / total
        let code = evidence >= minimumEvidence ? profiles[best].code : nil
        return Result(code: code, bestCode: profiles[best].code, confidence: confidence, evidence: evidence)
    }

    /// Raw per-profile scores, in `profiles` order. Exposed for tests and tuning tools.
    package func scores(_ text: String) -> [Double] {
        let normalized = text.precomposedStringWithCanonicalMapping.lowercased()
            .replacingOccurrences(of: "\u{2019}", with: "'")
        var scores = [Double](repeating: 0, count: profiles.count)
        let words = Self.words(in: normalized)
        for word in words {
            guard let owners = wordWeights[word] else { continue }
            for owner in owners { scores[owner.index] += owner.weight }
        }
        // Word-boundary-padded scalar stream for sequence matching.
        var stream: [Unicode.Scalar] = [" "]
        stream.reserveCapacity(normalized.unicodeScalars.count + 2)
        var vietnameseLetters = 0
        for scalar in normalized.unicodeScalars {
            if WritingScript(scalar) == .latin || scalar == "'" || scalar.properties.generalCategory == .nonspacingMark {
                stream.append(scalar)
                if (0x1EA0...0x1EF9).contains(scalar.value) { vietnameseLetters += 1 }
            } else if scalar == "¿" || scalar == "¡" {
                stream.append(scalar)
            } else if stream.last != " " {
                stream.append(" ")
            }
        }
        if stream.last != " " { stream.append(" ") }
        for start in stream.indices {
            guard let candidates = patternsByFirstScalar[stream[start]] else { continue }
            for pattern in candidates where Self.stream(stream, hasPrefix: pattern.scalars, at: start) {
                scores[pattern.index] += pattern.weight
            }
        }
        if vietnameseLetters > 0, let vi = profiles.firstIndex(where: { $0.code == "vi" }) {
            scores[vi] += Double(vietnameseLetters)
        }
        return scores
    }

    /// Lower-cased words; an apostrophe inside a word splits it after the apostrophe
    /// (`"l'amico"` gives `"l'"` and `"amico"`; `"don't"` gives `"don'"` and `"t"`).
    static func words(in lowercased: String) -> [String] {
        var words: [String] = []
        var current = ""
        func flush() {
            if !current.isEmpty { words.append(current) }
            current = ""
        }
        for character in lowercased {
            if character == "'" {
                if current.isEmpty { continue }
                current.append("'")
                flush()
            } else if character.isLetter {
                current.append(character)
            } else {
                flush()
            }
        }
        flush()
        return words
    }

    /// Whether `needle` occurs in `haystack` at `start`.
    static func stream(_ haystack: [Unicode.Scalar], hasPrefix needle: [Unicode.Scalar], at start: Int) -> Bool {
        guard needle.count <= haystack.count - start else { return false }
        for offset in needle.indices where haystack[start + offset] != needle[offset] {
            return false
        }
        return true
    }
}
