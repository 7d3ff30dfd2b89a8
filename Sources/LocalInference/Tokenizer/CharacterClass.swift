/// The character classes the pre-tokenizer regexes use: `\p{L}`, `\p{N}`, `\s`, and the rest.
struct CharacterClass: OptionSet, Sendable {
    let rawValue: UInt8
    static let letter = CharacterClass(rawValue: 1)
    static let number = CharacterClass(rawValue: 2)
    static let whitespace = CharacterClass(rawValue: 4)
    /// Punctuation, symbols, marks, controls, unassigned: any scalar that is none of the above.
    static let other = CharacterClass(rawValue: 8)
    static let punctuation = CharacterClass(rawValue: 16)

    /// Classes for every BMP scalar, computed once (about 64 KiB), so the scanners do a table
    /// load per character instead of a Unicode property lookup.
    static let bmp: [CharacterClass] = (0..<0x10000).map { value in
        guard let scalar = Unicode.Scalar(UInt32(value)) else { return .other }  // surrogates
        return compute(scalar)
    }

    @inline(__always)
    static func of(_ value: UInt32) -> CharacterClass {
        if value < 0x10000 { return bmp[Int(value)] }
        guard let scalar = Unicode.Scalar(value) else { return .other }
        return compute(scalar)
    }

    private static func compute(_ scalar: Unicode.Scalar) -> CharacterClass {
        let properties = scalar.properties
        if properties.isWhitespace { return .whitespace }
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
            return .letter
        case .decimalNumber, .letterNumber, .otherNumber:
            return .number
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return [.other, .punctuation]
        default:
            return .other
        }
    }
}
