/// The writing system a Unicode scalar belongs to, as far as language identification cares.
///
/// Most languages this project meets can be told apart by script alone: Hangul is Korean,
/// kana is Japanese, Thai script is Thai. Only Latin (and, for Japanese vs Chinese, Han) needs
/// a closer look, which `LatinLanguageClassifier` and the kana context in
/// `LanguageIdentifier` provide. Ranges follow the Unicode block chart; scalars that carry no
/// language (digits, punctuation, spaces, emoji, combining marks) map to `nil`.
package enum WritingScript: Sendable, Hashable, CaseIterable {
    case latin
    case hangul
    case hiragana
    case katakana
    case han
    case cyrillic
    case arabic
    case devanagari
    case thai
    case greek
    case hebrew
    /// A letter of a script this identifier has no language for (Georgian, Tamil, ...).
    case otherLetter

    /// The script of `scalar`, or `nil` when the scalar is not a letter of any script.
    package init?(_ scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F, 0x1E00...0x1EFF:
            self = .latin
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF:
            self = .hangul
        case 0x3040...0x309F:
            self = .hiragana
        case 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F:
            self = .katakana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFF:
            self = .han
        case 0x400...0x52F:
            self = .cyrillic
        case 0x600...0x6FF, 0x750...0x77F, 0x8A0...0x8FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF:
            // Arabic-Indic digits (U+0660...U+0669, U+06F0...U+06F9) are digits, not letters.
            if (0x660...0x669).contains(scalar.value) || (0x6F0...0x6F9).contains(scalar.value) {
                return nil
            }
            self = .arabic
        case 0x900...0x97F:
            if (0x966...0x96F).contains(scalar.value) { return nil }  // Devanagari digits
            self = .devanagari
        case 0xE00...0xE7F:
            if (0xE50...0xE59).contains(scalar.value) { return nil }  // Thai digits
            self = .thai
        case 0x370...0x3FF, 0x1F00...0x1FFF:
            self = .greek
        case 0x591...0x5FF:
            self = .hebrew
        default:
            guard scalar.properties.isAlphabetic,
                  scalar.properties.generalCategory != .nonspacingMark,
                  scalar.properties.generalCategory != .spacingMark
            else { return nil }
            self = .otherLetter
        }
    }

    /// Whether words in this script are separated by spaces. Scripts without spaces
    /// (Han, kana, Thai) are measured in characters and converted to approximate words.
    package var separatesWordsWithSpaces: Bool {
        switch self {
        case .han, .hiragana, .katakana, .thai: false
        default: true
        }
    }

    /// Roughly how many characters make one word in scripts written without spaces, so that
    /// a Chinese clause and an English clause of the same meaning weigh about the same.
    package var charactersPerWord: Double {
        switch self {
        case .han: 1.7
        case .hiragana, .katakana: 2.5
        case .thai: 4.5
        default: 1
        }
    }

    /// The language a script implies on its own, or `nil` when the script is shared by many
    /// languages (Latin) or is not covered.
    package var impliedLanguage: String? {
        switch self {
        case .hangul: "ko"
        case .hiragana, .katakana: "ja"
        case .han: "zh"
        case .cyrillic: "ru"
        case .arabic: "ar"
        case .devanagari: "hi"
        case .thai: "th"
        case .greek: "el"
        case .hebrew: "he"
        case .latin, .otherLetter: nil
        }
    }
}
