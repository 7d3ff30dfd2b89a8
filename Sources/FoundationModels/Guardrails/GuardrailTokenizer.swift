/// Splits text into the lower-cased word tokens that guardrail phrases are matched against.
///
/// Letters and digits form words; apostrophes inside a word are dropped (`"don't"` → `"dont"`,
/// `"i'm"` → `"im"`) so phrases need not spell every contraction; everything else separates
/// words (`"12-year-old"` → `"12" "year" "old"`). Hangul words stay whole, so Korean phrases
/// match particles with prefix patterns (`"폭탄*"` matches `"폭탄을"`).
package enum GuardrailTokenizer {
    package static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var pendingApostrophe = false
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                current.append(character)
                pendingApostrophe = false
            } else if (character == "'" || character == "\u{2019}") && !current.isEmpty {
                pendingApostrophe = true  // joined if a letter follows, dropped otherwise
            } else {
                if !current.isEmpty { tokens.append(current) }
                current = ""
                pendingApostrophe = false
            }
        }
        _ = pendingApostrophe
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }
}
