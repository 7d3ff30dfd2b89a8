/// Which concept classes of the guardrail classifier a token belongs to.
///
/// A class lists words: exact words, prefixes ending in `*` (`"kill*"` matches `"killers"`),
/// and `#age`, an age under 18 (as `GuardrailPhraseSet` reads it).
struct GuardrailConceptIndex: Sendable {
    /// Class names, sorted; a class's index is its position here.
    let names: [String]
    private var exact: [String: [Int]] = [:]
    private var prefixes: [(stem: String, concept: Int)] = []
    private var ageConcepts: [Int] = []

    init(_ lexicon: [(name: String, words: [String])]) {
        let sorted = lexicon.sorted { $0.name.unicodeScalars.lexicographicallyPrecedes($1.name.unicodeScalars) }
        self.names = sorted.map(\.name)
        for (concept, entry) in sorted.enumerated() {
            for word in entry.words {
                if word == "#age" {
                    ageConcepts.append(concept)
                } else if word.hasSuffix("*") {
                    prefixes.append((String(word.dropLast()), concept))
                } else {
                    exact[word, default: []].append(concept)
                }
            }
        }
    }

    /// The classes `token` belongs to.
    func classes(of token: String) -> Set<Int> {
        var found = Set(exact[token] ?? [])
        for (stem, concept) in prefixes where token.hasPrefix(stem) {
            found.insert(concept)
        }
        if !ageConcepts.isEmpty && GuardrailPhraseSet.isMinorAge(token) {
            found.formUnion(ageConcepts)
        }
        return found
    }
}
