/// A character class: `[a-z\d]`, `\w`, `\p{Lu}`, possibly negated.
package struct RegexCharacterSet: Sendable {
    package enum Item: Sendable {
        case range(UInt32, UInt32)
        case digit, word, space
        case property([Unicode.GeneralCategory])
        case notSet(RegexCharacterSet)
    }

    package var items: [Item]
    package var negated: Bool

    package func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        var found = false
        for item in items {
            switch item {
            case .range(let low, let high): found = value >= low && value <= high
            case .digit: found = value >= 0x30 && value <= 0x39
            case .word: found = Self.isWord(scalar)
            case .space: found = Self.isSpace(scalar)
            case .property(let categories): found = categories.contains(scalar.properties.generalCategory)
            case .notSet(let set): found = !set.contains(scalar)
            }
            if found { break }
        }
        return found != negated
    }

    package static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F: true
        default: false
        }
    }

    /// ECMA-262 WhiteSpace and LineTerminator.
    package static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: true
        default: false
        }
    }
}
