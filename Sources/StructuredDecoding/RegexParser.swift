/// Parses the ECMAScript regex subset JSON Schema `pattern`s use: literals, `.`, classes with
/// ranges and negation, `\d\w\s` (and negations), `\xHH \uHHHH \u{H}` escapes, groups
/// (capturing, `(?:`, named), alternation, `* + ? {n} {n,} {n,m}` (lazy forms too) and `^`/`$`
/// at the ends of top-level alternatives.
///
/// Lookaround, backreferences and word boundaries have no finite-automaton form and are
/// reported as `GrammarError.invalidRegex` naming the construct and offset.
///
/// Parsing and every later pass over the tree (length bounds, lowering to a `GrammarNode`, NFA
/// construction) recurse once per nesting level, so nesting is capped at
/// `maximumGroupNesting`: a deeper pattern is `GrammarError.budgetExceeded`, never a stack
/// overflow. A quantifier applies to one atom (`a**` and `a{2}{3}` are errors, as in
/// ECMAScript), so quantifiers cannot nest without groups either.
struct RegexParser {
    /// Deepest nesting of groups a pattern may have.
    ///
    /// Default: 256, far beyond any real pattern; a 20 KB pattern of nested groups is rejected
    /// in microseconds instead of overflowing the stack of the thread that compiles it.
    static let maximumGroupNesting = 256

    private let scalars: [UInt32]
    private var position = 0
    /// Groups open at `position`.
    private var groupDepth = 0
    let pattern: String

    init(pattern: String) {
        self.pattern = pattern
        self.scalars = pattern.unicodeScalars.map(\.value)
    }

    mutating func parse() throws(GrammarError) -> ParsedRegex {
        var alternatives: [ParsedRegex.Alternative] = []
        repeat {
            var start = false
            if peek() == 0x5E { position += 1; start = true }  // ^
            let body = try parseSequence(topLevel: true)
            var end = false
            if peek() == 0x24 { position += 1; end = true }  // $
            alternatives.append(.init(anchoredAtStart: start, anchoredAtEnd: end, body: body))
            guard peek() == 0x7C else { break }  // |
            position += 1
        } while true
        if position < scalars.count { throw error(") without (") }
        return ParsedRegex(alternatives: alternatives)
    }

    private func peek(_ offset: Int = 0) -> UInt32? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    private func error(_ construct: String, _ detail: String = "") -> GrammarError {
        GrammarError(.invalidRegex, keyword: construct, path: "offset \(position) of /\(pattern)/", detail: detail)
    }

    private mutating func parseAlternation() throws(GrammarError) -> RegexNode {
        var branches = [try parseSequence(topLevel: false)]
        while peek() == 0x7C {
            position += 1
            branches.append(try parseSequence(topLevel: false))
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseSequence(topLevel: Bool) throws(GrammarError) -> RegexNode {
        var items: [RegexNode] = []
        while let scalar = peek() {
            if scalar == 0x7C || scalar == 0x29 { break }  // | )
            if scalar == 0x24 {  // $
                if topLevel, position + 1 == scalars.count || peek(1) == 0x7C { break }
                // `$` right before the end of a group that ends the pattern.
                if !topLevel, peek(1) == 0x29 { position += 1; continue }
                throw error("$", "anchor in the middle of a pattern")
            }
            if scalar == 0x5E {  // ^ inside: only harmless at a group start
                if !topLevel, items.isEmpty { position += 1; continue }
                throw error("^", "anchor in the middle of a pattern")
            }
            var atom = try parseAtom()
            atom = try parseQuantifiers(atom)
            items.append(atom)
        }
        if items.isEmpty { return .empty }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    /// At most one quantifier (and its lazy `?`) after an atom; a second is "nothing to repeat".
    private mutating func parseQuantifiers(_ atom: RegexNode) throws(GrammarError) -> RegexNode {
        guard let bounds = parseQuantifier() else { return atom }
        if peek() == 0x3F { position += 1 }  // lazy: same language
        if let upper = bounds.1, upper < bounds.0 { throw error("{", "max < min") }
        if parseQuantifier() != nil { throw error("quantifier", "nothing to repeat") }
        return .repetition(atom, min: bounds.0, max: bounds.1)
    }

    /// `*`, `+`, `?` or a brace quantifier at `position`, consumed; nil (nothing consumed) if none.
    private mutating func parseQuantifier() -> (Int, Int?)? {
        switch peek() {
        case 0x2A: position += 1; return (0, nil)
        case 0x2B: position += 1; return (1, nil)
        case 0x3F: position += 1; return (0, 1)
        case 0x7B: return parseBraces()
        default: return nil
        }
    }

    /// `{n}`, `{n,}`, `{n,m}`; nil (and no consumption) when not a quantifier.
    private mutating func parseBraces() -> (Int, Int?)? {
        var index = position + 1
        func number() -> Int? {
            var value = 0, digits = 0
            while index < scalars.count, (0x30...0x39).contains(scalars[index]) {
                value = min(value * 10 + Int(scalars[index] - 0x30), 1_000_000)
                index += 1
                digits += 1
            }
            return digits > 0 ? value : nil
        }
        guard let low = number() else { return nil }
        var high: Int? = low
        if index < scalars.count, scalars[index] == 0x2C {
            index += 1
            high = number()
        }
        guard index < scalars.count, scalars[index] == 0x7D else { return nil }
        position = index + 1
        return (low, high)
    }

    private mutating func parseAtom() throws(GrammarError) -> RegexNode {
        guard let scalar = peek() else { throw error("end", "unexpected end") }
        switch scalar {
        case 0x28:  // (
            guard groupDepth < Self.maximumGroupNesting else {
                throw GrammarError(.budgetExceeded, keyword: "RegexParser.maximumGroupNesting",
                                   path: "offset \(position) of a \(scalars.count)-character pattern",
                                   detail: "groups nested deeper than \(Self.maximumGroupNesting)")
            }
            groupDepth += 1
            defer { groupDepth -= 1 }
            position += 1
            if peek() == 0x3F {  // ?
                switch peek(1) {
                case 0x3A: position += 2
                case 0x3C where peek(2) != 0x3D && peek(2) != 0x21:
                    position += 2
                    while let c = peek(), c != 0x3E { position += 1 }
                    position += 1
                default: throw error("(?", "lookaround is not supported")
                }
            }
            let inner = try parseAlternation()
            guard peek() == 0x29 else { throw error("(", "unclosed group") }
            position += 1
            return inner
        case 0x5B:
            return .set(try parseClass())
        case 0x2E:
            position += 1
            return .set(.dot)
        case 0x5C:
            position += 1
            return .set(try parseEscape(inClass: false))
        case 0x2A, 0x2B, 0x3F:
            throw error(String(Unicode.Scalar(scalar).map(Character.init) ?? "?"), "nothing to repeat")
        default:
            position += 1
            return .set(CodePointSet([scalar...scalar]))
        }
    }

    private mutating func parseClass() throws(GrammarError) -> CodePointSet {
        position += 1  // [
        var negated = false
        if peek() == 0x5E { negated = true; position += 1 }
        var set = CodePointSet()
        while true {
            guard let scalar = peek() else { throw error("[", "unclosed class") }
            if scalar == 0x5D { position += 1; break }
            let low = try classAtom()
            if peek() == 0x2D, let next = peek(1), next != 0x5D {
                position += 1
                let high = try classAtom()
                guard let lowValue = single(low), let highValue = single(high) else {
                    set = set.union(low).union(high).union(CodePointSet([0x2D...0x2D]))
                    continue
                }
                guard lowValue <= highValue else { throw error("[", "range out of order") }
                set = set.union(CodePointSet([lowValue...highValue]))
            } else {
                set = set.union(low)
            }
        }
        return negated ? set.inverted : set
    }

    private func single(_ set: CodePointSet) -> UInt32? {
        guard set.ranges.count == 1, set.ranges[0].lowerBound == set.ranges[0].upperBound else { return nil }
        return set.ranges[0].lowerBound
    }

    private mutating func classAtom() throws(GrammarError) -> CodePointSet {
        guard let scalar = peek() else { throw error("[", "unclosed class") }
        position += 1
        if scalar == 0x5C { return try parseEscape(inClass: true) }
        return CodePointSet([scalar...scalar])
    }

    private mutating func hexDigits(_ count: Int) -> UInt32? {
        var value: UInt32 = 0
        for offset in 0..<count {
            guard let scalar = peek(offset), let digit = hexValue(scalar) else { return nil }
            value = value * 16 + digit
        }
        position += count
        return value
    }

    private func hexValue(_ scalar: UInt32) -> UInt32? {
        switch scalar {
        case 0x30...0x39: return scalar - 0x30
        case 0x41...0x46: return scalar - 0x41 + 10
        case 0x61...0x66: return scalar - 0x61 + 10
        default: return nil
        }
    }

    /// After a backslash.
    private mutating func parseEscape(inClass: Bool) throws(GrammarError) -> CodePointSet {
        guard let scalar = peek() else { throw error("\\", "trailing backslash") }
        position += 1
        func one(_ value: UInt32) -> CodePointSet { CodePointSet([value...value]) }
        switch scalar {
        case 0x64: return .digits                          // d
        case 0x44: return CodePointSet.digits.inverted     // D
        case 0x77: return .word                            // w
        case 0x57: return CodePointSet.word.inverted       // W
        case 0x73: return .space                           // s
        case 0x53: return CodePointSet.space.inverted      // S
        case 0x74: return one(0x09)                        // t
        case 0x6E: return one(0x0A)                        // n
        case 0x72: return one(0x0D)                        // r
        case 0x66: return one(0x0C)                        // f
        case 0x76: return one(0x0B)                        // v
        case 0x30 where !(peek().map { (0x30...0x39).contains($0) } ?? false): return one(0)
        case 0x62 where inClass: return one(0x08)          // [\b] is backspace
        case 0x62, 0x42: throw error("\\" + (scalar == 0x62 ? "b" : "B"), "word boundaries are not supported")
        case 0x31...0x39: throw error("\\\(scalar - 0x30)", "backreferences are not supported")
        case 0x78:                                         // x
            guard let value = hexDigits(2) else { return one(0x78) }
            return one(value)
        case 0x75:                                         // u
            if peek() == 0x7B {
                position += 1
                var value: UInt32 = 0
                while let c = peek(), let digit = hexValue(c) { value = value &* 16 &+ digit; position += 1 }
                guard peek() == 0x7D, value <= CodePointSet.maxScalar else { throw error("\\u{", "bad code point") }
                position += 1
                return one(value)
            }
            guard let value = hexDigits(4) else { return one(0x75) }
            if (0xD800...0xDBFF).contains(value), peek() == 0x5C, peek(1) == 0x75 {
                let saved = position
                position += 2
                if let low = hexDigits(4), (0xDC00...0xDFFF).contains(low) {
                    return one(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00))
                }
                position = saved
            }
            return one(value)
        case 0x70, 0x50: throw error(scalar == 0x70 ? "\\p" : "\\P", "unicode property classes are not supported")
        case 0x63:                                         // \cX
            guard let letter = peek() else { throw error("\\c") }
            position += 1
            return one(letter % 32)
        default:
            return one(scalar)
        }
    }
}
