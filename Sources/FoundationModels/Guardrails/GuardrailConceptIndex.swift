/// Which concept classes of the guardrail classifier a token belongs to.
///
/// A class lists words: exact words, prefixes ending in `*` (`"kill*"` matches `"killers"`),
/// and `#age`, an age under 18 (as `GuardrailPhraseSet` reads it). Classes are numbered by
/// name order, and at most `maximumCount` are used (a token's classes fit one `UInt64`).
struct GuardrailConceptIndex: Sendable {
    static let maximumCount = 64

    /// Class names, sorted by Unicode scalars (as Python sorts them); a class's index is its
    /// position here.
    let names: [String]
    private var exact: [String: UInt64] = [:]
    /// Prefix stems by their first character, so a token scans only the stems it could match.
    private var prefixes: [Character: [(stem: String, classes: UInt64)]] = [:]
    private var ageClasses: UInt64 = 0

    init(_ lexicon: [(name: String, words: [String])]) {
        let sorted = lexicon
            .sorted { $0.name.unicodeScalars.lexicographicallyPrecedes($1.name.unicodeScalars) }
            .prefix(Self.maximumCount)
        self.names = sorted.map(\.name)
        for (index, entry) in sorted.enumerated() {
            let bit: UInt64 = 1 << UInt64(index)
            for word in entry.words {
                if word == "#age" {
                    ageClasses |= bit
                } else if word.hasSuffix("*") {
                    let stem = String(word.dropLast())
                    guard let first = stem.first else { continue }
                    prefixes[first, default: []].append((stem, bit))
                } else {
                    exact[word, default: 0] |= bit
                }
            }
        }
    }

    /// The classes `token` belongs to, a bit per class index.
    func classes(of token: String) -> UInt64 {
        var found = exact[token] ?? 0
        if let first = token.first, let candidates = prefixes[first] {
            for (stem, classes) in candidates where token.hasPrefix(stem) {
                found |= classes
            }
        }
        if ageClasses != 0 && GuardrailPhraseSet.isMinorAge(token) {
            found |= ageClasses
        }
        return found
    }
}
