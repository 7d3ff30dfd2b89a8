/// Recursive-descent parser for ECMA-262 pattern syntax with the `u` flag's code point
/// semantics (Annex B leniency for `{`, `]` and `\_`): the one regex parser of the package.
///
/// `ECMARegex` (the validator) interprets its `RegexNode`s with a backtracking matcher; the
/// grammar compiler lowers the same nodes to automata, refusing what has no finite-automaton
/// form (look-around, back-references, word boundaries, anchors inside the pattern).
///
/// Parsing and every later pass over the tree recurse once per nesting level, so group
/// nesting is capped at `maximumDepth`: a deeper pattern is an error
/// (`RegexSyntaxError.exceedsNestingLimit`), never a stack overflow. A quantifier applies to
/// one atom (`a**` and `a{2}{3}` are errors), so quantifiers cannot nest without groups.
package struct RegexParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    package private(set) var captureCount = 0
    /// Capture number of each named group, for `\k<name>`.
    package private(set) var groupNames: [String: Int] = [:]
    private var backReferenceNames: [(String, Int)] = []
    /// Deepest nesting of groups a pattern may have.
    ///
    /// Default: 256, far beyond any real pattern; a 20 KB pattern of nested groups is refused
    /// in microseconds instead of overflowing the stack of the thread that parses or compiles it.
    package static let maximumDepth = 256

    package init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    package init(pattern: String) { self.init(Array(pattern.unicodeScalars)) }

    private func error(_ message: String, at offset: Int? = nil) -> RegexSyntaxError {
        RegexSyntaxError(message: message, offset: offset ?? index)
    }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func peek(_ ahead: Int) -> Unicode.Scalar? {
        index + ahead < scalars.count ? scalars[index + ahead] : nil
    }

    /// Parses the whole pattern.
    /// - throws: `RegexSyntaxError` naming the offset and what was wrong.
    package mutating func parse() throws(RegexSyntaxError) -> RegexNode {
        let node = try parseAlternation(depth: 0)
        if let current { throw error(current == ")" ? "unmatched ')'" : "unexpected '\(current)'") }
        for (name, offset) in backReferenceNames where groupNames[name] == nil {
            throw error("reference to undefined group '\(name)'", at: offset)
        }
        return node
    }

    private mutating func parseAlternation(depth: Int) throws(RegexSyntaxError) -> RegexNode {
        guard depth <= Self.maximumDepth else {
            var error = error("groups nested deeper than \(Self.maximumDepth)")
            error.exceedsNestingLimit = true
            throw error
        }
        var branches = [try parseSequence(depth: depth)]
        while current == "|" {
            index += 1
            branches.append(try parseSequence(depth: depth))
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseSequence(depth: Int) throws(RegexSyntaxError) -> RegexNode {
        var items: [RegexNode] = []
        while let scalar = current, scalar != "|", scalar != ")" {
            let atomStart = index
            var atom = try parseAtom(depth: depth)
            let quantifiable: Bool
            switch atom {
            case .start, .end, .wordBoundary: quantifiable = false
            case .look(_, let ahead, _): quantifiable = ahead  // Annex B allows quantified look-ahead
            default: quantifiable = true
            }
            if let (min, max) = try parseQuantifier() {
                guard quantifiable else { throw error("nothing to repeat", at: atomStart) }
                var greedy = true
                if current == "?" {
                    greedy = false
                    index += 1
                }
                atom = .quantified(atom, min: min, max: max, greedy: greedy)
            }
            items.append(atom)
        }
        return items.count == 1 ? items[0] : (items.isEmpty ? .empty : .sequence(items))
    }

    /// `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`; a `{` that does not start a quantifier is a literal.
    private mutating func parseQuantifier() throws(RegexSyntaxError) -> (Int, Int?)? {
        switch current {
        case "*": index += 1; return (0, nil)
        case "+": index += 1; return (1, nil)
        case "?": index += 1; return (0, 1)
        case "{":
            let start = index
            index += 1
            guard let minimum = parseDecimal() else { index = start; return nil }
            var maximum: Int? = minimum
            if current == "," {
                index += 1
                maximum = parseDecimal()
            }
            guard current == "}" else { index = start; return nil }
            index += 1
            if let maximum, maximum < minimum { throw error("numbers out of order in {} quantifier", at: start) }
            return (minimum, maximum)
        default:
            return nil
        }
    }

    private mutating func parseDecimal() -> Int? {
        var value: Int?
        while let scalar = current, let digit = Int(String(scalar)), scalar.isASCII {
            value = min((value ?? 0) * 10 + digit, 100_000)
            index += 1
        }
        return value
    }

    private mutating func parseAtom(depth: Int) throws(RegexSyntaxError) -> RegexNode {
        guard let scalar = current else { throw error("unexpected end of pattern") }
        switch scalar {
        case "^": index += 1; return .start
        case "$": index += 1; return .end
        case ".": index += 1; return .any
        case "(": return try parseGroup(depth: depth)
        case "[": return .set(try parseClass())
        case "\\": return try parseEscape()
        case "*", "+", "?": throw error("nothing to repeat")
        case "{":
            if try parseQuantifier() != nil { throw error("nothing to repeat") }
            index += 1
            return .scalar("{")
        default:
            index += 1
            return .scalar(scalar)
        }
    }

    private mutating func parseGroup(depth: Int) throws(RegexSyntaxError) -> RegexNode {
        let open = index
        index += 1
        var capture: Int?
        var look: (ahead: Bool, negated: Bool)?
        if current == "?" {
            switch (peek(1), peek(2)) {
            case (":", _): index += 2
            case ("=", _): index += 2; look = (true, false)
            case ("!", _): index += 2; look = (true, true)
            case ("<", "="): index += 3; look = (false, false)
            case ("<", "!"): index += 3; look = (false, true)
            case ("<", _):
                index += 2
                let name = try parseGroupName()
                guard groupNames[name] == nil else { throw error("duplicate group name '\(name)'") }
                captureCount += 1
                capture = captureCount
                groupNames[name] = captureCount
            default:
                throw error("invalid group")
            }
        } else {
            captureCount += 1
            capture = captureCount
        }
        let body = try parseAlternation(depth: depth + 1)
        guard current == ")" else { throw error("unterminated group", at: open) }
        index += 1
        if let look { return .look(body, ahead: look.ahead, negated: look.negated) }
        return .group(body, capture: capture)
    }

    private mutating func parseGroupName() throws(RegexSyntaxError) -> String {
        var name = ""
        while let scalar = current, scalar != ">" {
            guard scalar.properties.isIDContinue || scalar == "$" else { throw error("invalid group name") }
            name.unicodeScalars.append(scalar)
            index += 1
        }
        guard current == ">", !name.isEmpty else { throw error("invalid group name") }
        index += 1
        return name
    }

    private mutating func parseEscape() throws(RegexSyntaxError) -> RegexNode {
        let start = index
        index += 1
        guard let scalar = current else { throw error("\\ at end of pattern", at: start) }
        switch scalar {
        case "b": index += 1; return .wordBoundary(negated: false)
        case "B": index += 1; return .wordBoundary(negated: true)
        case "1"..."9":
            let number = parseDecimal() ?? 0
            return .backReference(number)
        case "k":
            index += 1
            guard current == "<" else { throw error("invalid named reference", at: start) }
            index += 1
            let name = try parseGroupName()
            backReferenceNames.append((name, start))
            return .namedBackReference(name)
        default:
            if let set = try parseClassEscape() { return .set(set) }
            return .scalar(try parseCharacterEscape(inClass: false))
        }
    }

    /// `\d \D \w \W \s \S \p{..} \P{..}`; nil (consuming nothing) for any other escape.
    private mutating func parseClassEscape() throws(RegexSyntaxError) -> RegexCharacterSet? {
        guard let scalar = current else { return nil }
        let item: RegexCharacterSet.Item
        var negated = false
        switch scalar {
        case "d": item = .digit
        case "D": item = .digit; negated = true
        case "w": item = .word
        case "W": item = .word; negated = true
        case "s": item = .space
        case "S": item = .space; negated = true
        case "p", "P":
            negated = scalar == "P"
            index += 1
            guard current == "{" else { throw error("invalid property escape") }
            index += 1
            var name = ""
            while let c = current, c != "}" {
                name.unicodeScalars.append(c)
                index += 1
            }
            guard current == "}" else { throw error("unterminated property escape") }
            guard let categories = Self.generalCategories(name) else { throw error("unknown property '\(name)'") }
            item = .property(categories)
        default:
            return nil
        }
        index += 1
        return RegexCharacterSet(items: [item], negated: negated)
    }

    /// A single-character escape (`\n`, `\x41`, `\u{1F600}`, `\cJ`, `\/`), after the backslash.
    private mutating func parseCharacterEscape(inClass: Bool) throws(RegexSyntaxError) -> Unicode.Scalar {
        guard let scalar = current else { throw error("\\ at end of pattern") }
        index += 1
        switch scalar {
        case "t": return "\t"
        case "n": return "\n"
        case "r": return "\r"
        case "v": return "\u{0B}"
        case "f": return "\u{0C}"
        case "0":
            if let next = current, ("0"..."9").contains(next) { throw error("invalid decimal escape") }
            return "\0"
        case "b" where inClass: return "\u{08}"
        case "-" where inClass: return "-"
        case "c":
            guard let letter = current, letter.isASCII, letter.properties.isAlphabetic else { throw error("invalid control escape") }
            index += 1
            return Unicode.Scalar(letter.value % 32) ?? "\0"
        case "x":
            guard let value = parseHex(count: 2) else { throw error("invalid \\x escape") }
            return Unicode.Scalar(value) ?? "\0"
        case "u":
            if current == "{" {
                index += 1
                var value: UInt32 = 0
                var digits = 0
                while let c = current, let digit = c.hexValue {
                    value = value &* 16 &+ digit
                    digits += 1
                    index += 1
                    guard value <= 0x10FFFF else { throw error("\\u{} escape out of range") }
                }
                guard current == "}", digits > 0, let result = Unicode.Scalar(value) else { throw error("invalid \\u{} escape") }
                index += 1
                return result
            }
            guard let high = parseHex(count: 4) else { throw error("invalid \\u escape") }
            if (0xD800...0xDBFF).contains(high), current == "\\", peek(1) == "u" {
                let save = index
                index += 2
                if let low = parseHex(count: 4), (0xDC00...0xDFFF).contains(low),
                    let combined = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                {
                    return combined
                }
                index = save
            }
            guard let result = Unicode.Scalar(high) else { throw error("lone surrogate in \\u escape") }
            return result
        default:
            // Identity escape: with the u flag only syntax characters and '/' may be escaped.
            if "^$\\.*+?()[]{}|/".unicodeScalars.contains(scalar) { return scalar }
            // `\_` is accepted (Annex B): it has no meaning to clash with, and real schemas use it.
            if scalar.properties.isIDContinue && scalar.isASCII && scalar != "_" {
                throw error("invalid escape '\\\(scalar)'", at: index - 2)
            }
            return scalar
        }
    }

    private mutating func parseHex(count: Int) -> UInt32? {
        guard index + count <= scalars.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<count {
            guard let digit = scalars[index + offset].hexValue else { return nil }
            value = value * 16 + digit
        }
        index += count
        return value
    }

    private mutating func parseClass() throws(RegexSyntaxError) -> RegexCharacterSet {
        let open = index
        index += 1
        var set = RegexCharacterSet(items: [], negated: false)
        if current == "^" {
            set.negated = true
            index += 1
        }
        while true {
            guard let scalar = current else { throw error("unterminated character class", at: open) }
            if scalar == "]" {
                index += 1
                return set
            }
            let low = try parseClassAtom()
            if current == "-", let next = peek(1), next != "]" {
                index += 1
                let high = try parseClassAtom()
                guard case .single(let a) = low, case .single(let b) = high else { throw error("class escape in range") }
                guard a.value <= b.value else { throw error("range out of order in character class") }
                set.items.append(.range(a.value, b.value))
            } else {
                switch low {
                case .single(let a): set.items.append(.range(a.value, a.value))
                case .set(let nested):
                    set.items += nested.negated ? [.notSet(RegexCharacterSet(items: nested.items, negated: false))] : nested.items
                }
            }
        }
    }

    private enum ClassAtom { case single(Unicode.Scalar), set(RegexCharacterSet) }

    private mutating func parseClassAtom() throws(RegexSyntaxError) -> ClassAtom {
        guard let scalar = current else { throw error("unterminated character class") }
        guard scalar == "\\" else {
            index += 1
            return .single(scalar)
        }
        index += 1
        if let set = try parseClassEscape() { return .set(set) }
        return .single(try parseCharacterEscape(inClass: true))
    }

    static func generalCategories(_ name: String) -> [Unicode.GeneralCategory]? {
        var name = name
        if name.hasPrefix("General_Category=") { name = String(name.dropFirst(17)) }
        if name.hasPrefix("gc=") { name = String(name.dropFirst(3)) }
        switch name {
        case "L", "Letter": return [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter]
        case "Lu", "Uppercase_Letter": return [.uppercaseLetter]
        case "Ll", "Lowercase_Letter": return [.lowercaseLetter]
        case "Lt", "Titlecase_Letter": return [.titlecaseLetter]
        case "Lm", "Modifier_Letter": return [.modifierLetter]
        case "Lo", "Other_Letter": return [.otherLetter]
        case "N", "Number": return [.decimalNumber, .letterNumber, .otherNumber]
        case "Nd", "Decimal_Number", "digit": return [.decimalNumber]
        case "Nl", "Letter_Number": return [.letterNumber]
        case "No", "Other_Number": return [.otherNumber]
        case "P", "Punctuation", "punct":
            return [.connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                    .initialPunctuation, .finalPunctuation, .otherPunctuation]
        case "S", "Symbol": return [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol]
        case "Sm", "Math_Symbol": return [.mathSymbol]
        case "Sc", "Currency_Symbol": return [.currencySymbol]
        case "Z", "Separator": return [.spaceSeparator, .lineSeparator, .paragraphSeparator]
        case "Zs", "Space_Separator": return [.spaceSeparator]
        case "M", "Mark": return [.nonspacingMark, .spacingMark, .enclosingMark]
        case "Mn", "Nonspacing_Mark": return [.nonspacingMark]
        case "C", "Other": return [.control, .format, .surrogate, .privateUse, .unassigned]
        case "Cc", "Control": return [.control]
        case "Cf", "Format": return [.format]
        default: return nil
        }
    }
}

extension Unicode.Scalar {
    var hexValue: UInt32? {
        switch value {
        case 0x30...0x39: value - 0x30
        case 0x41...0x46: value - 0x41 + 10
        case 0x61...0x66: value - 0x61 + 10
        default: nil
        }
    }
}
