/// A set of short phrases matched against guardrail tokens.
///
/// Phrases are written as plain text and tokenized like the input. Inside a phrase, a word
/// ending in `*` matches any token starting with it (`"explosive*"`), a lone `*` after the
/// first word matches any one token (`"are * rats"` matches "are filthy rats"), and the word
/// `#age` matches an age under 18 written as digits or as an English number word.
///
/// - Note: Phrases are indexed by their first word (or, for a prefix pattern, its first
///   character), so matching costs about two dictionary lookups per token.
package struct GuardrailPhraseSet: Sendable {
    /// One word of a phrase.
    enum Word: Sendable, Hashable {
        case exact(String)
        case prefix(String)
        case minorAge
        case any

        func matches(_ token: String) -> Bool {
            switch self {
            case .any: true
            case .exact(let word): token == word
            case .prefix(let stem): token.hasPrefix(stem)
            case .minorAge: GuardrailPhraseSet.isMinorAge(token)
            }
        }
    }

    /// A match: token range `start..<end`.
    package struct Match: Sendable, Hashable {
        package var start: Int
        package var end: Int
    }

    private var byFirstWord: [String: [[Word]]] = [:]
    /// Phrases starting with a prefix pattern, keyed by the pattern's first character.
    private var byFirstCharacter: [Character: [[Word]]] = [:]
    /// Phrases starting with `#age`.
    private var byAge: [[Word]] = []
    package private(set) var count = 0
    /// The phrases as written, so that a set can be extended (`union(_:)`).
    package private(set) var phrases: [String] = []

    package init(_ phrases: [String]) {
        self.phrases = phrases
        for phrase in phrases {
            let words: [Word] = phrase.split(separator: " ").flatMap { raw -> [Word] in
                if raw == "#age" { return [.minorAge] }
                if raw == "*" { return [.any] }
                let isPrefix = raw.hasSuffix("*")
                let pieces = GuardrailTokenizer.tokens(String(isPrefix ? raw.dropLast() : raw))
                guard let last = pieces.last else { return [] }
                return pieces.dropLast().map(Word.exact) + [isPrefix ? .prefix(last) : .exact(last)]
            }
            // A phrase cannot start with a wildcard (it is indexed by its first word).
            guard let first = words.first, first != .any else { continue }
            count += 1
            switch first {
            case .exact(let word): byFirstWord[word, default: []].append(words)
            case .prefix(let stem):
                if let character = stem.first { byFirstCharacter[character, default: []].append(words) }
            case .minorAge: byAge.append(words)
            case .any: break
            }
        }
    }

    /// Every match in `tokens`, in order of start position.
    package func matches(in tokens: [String]) -> [Match] {
        var found: [Match] = []
        func collect(_ phrases: [[Word]], at start: Int) {
            for words in phrases where start + words.count <= tokens.count {
                var matched = true
                for (offset, word) in words.enumerated() where !word.matches(tokens[start + offset]) {
                    matched = false
                    break
                }
                if matched { found.append(Match(start: start, end: start + words.count)) }
            }
        }
        for start in tokens.indices {
            let token = tokens[start]
            if let indexed = byFirstWord[token] { collect(indexed, at: start) }
            if let first = token.first, let prefixed = byFirstCharacter[first] { collect(prefixed, at: start) }
            if !byAge.isEmpty { collect(byAge, at: start) }
        }
        return found
    }

    static let numberWords: Set<String> = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
    ]

    /// `"1"`...`"17"` or `"one"`...`"seventeen"`.
    static func isMinorAge(_ token: String) -> Bool {
        if numberWords.contains(token) { return true }
        guard token.count <= 2, let value = Int(token) else { return false }
        return (1...17).contains(value)
    }
}
