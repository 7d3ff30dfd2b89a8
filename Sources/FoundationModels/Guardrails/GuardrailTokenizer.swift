/// Splits text into the lower-cased word tokens that guardrail phrases are matched against.
///
/// Letters and digits form words; a possessive or "is" ending is dropped (`"someone's"` →
/// `"someone"`, `"what's"` → `"what"`) and other apostrophes are removed (`"don't"` → `"dont"`,
/// `"i'm"` → `"im"`), so phrases need not spell every contraction (phrases are tokenized the
/// same way); everything else separates
/// words (`"12-year-old"` → `"12" "year" "old"`). Hangul words stay whole, so Korean phrases
/// match particles with prefix patterns (`"폭탄*"` matches `"폭탄을"`).
package enum GuardrailTokenizer {
    package static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        let characters = Array(text.lowercased())
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if (character == "'" || character == "\u{2019}") && !current.isEmpty {
                // Possessive or "is" contraction: "someone's" → "someone", "what's" → "what".
                let next = index + 1 < characters.count ? characters[index + 1] : " "
                let afterNext = index + 2 < characters.count ? characters[index + 2] : " "
                if next == "s" && !(afterNext.isLetter || afterNext.isNumber) {
                    index += 2
                    continue
                }
                // Other contractions join: "don't" → "dont", "i'm" → "im".
            } else {
                if !current.isEmpty { tokens.append(current) }
                current = ""
            }
            index += 1
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }
}
