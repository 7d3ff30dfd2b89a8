import JSONCore

/// A regex split into its top-level alternatives with their `^`/`$` anchors, ready to be
/// lowered to a grammar.
///
/// Patterns are read by the package's one ECMA-262 parser (`JSONSchemaValidation`'s
/// `RegexParser`, which the validator interprets), then checked for a finite-automaton form:
/// look-around, back-references, word boundaries, `\p{...}` classes and anchors anywhere but
/// at the ends of an alternative are `GrammarError.invalidRegex` naming the construct. An
/// alternative's leading or trailing group whose branches carry anchors is distributed over
/// them (`(^a|^b)c` is `^ac|^bc`), up to `maximumAlternatives` alternatives.
struct ParsedRegex: Sendable {
    struct Alternative: Sendable {
        var anchoredAtStart: Bool
        var anchoredAtEnd: Bool
        /// The alternative without its anchors; `ParsedRegex.init` checked that it lowers.
        var body: RegexNode
    }

    /// The most alternatives distributing anchored groups may produce.
    ///
    /// Default: 64; real patterns have a handful.
    static let maximumAlternatives = 64

    var alternatives: [Alternative]

    /// Parses `pattern` and checks that it has a finite-automaton form.
    /// - throws: `GrammarError.invalidRegex` naming the construct and offset,
    ///   `.budgetExceeded` for groups nested deeper than `RegexParser.maximumDepth` or too
    ///   many alternatives.
    init(pattern: String) throws(GrammarError) {
        var parser = RegexParser(pattern: pattern)
        let root: RegexNode
        do {
            root = try parser.parse()
        } catch {
            let scalars = Array(pattern.unicodeScalars)
            if error.exceedsNestingLimit {
                throw GrammarError(.budgetExceeded, keyword: "RegexParser.maximumGroupNesting",
                                   path: "offset \(error.offset) of a \(scalars.count)-character pattern",
                                   detail: "groups nested deeper than \(RegexParser.maximumDepth)")
            }
            let construct = error.offset < scalars.count ? String(Character(scalars[error.offset])) : "end"
            throw GrammarError(.invalidRegex, keyword: construct, path: "offset \(error.offset) of /\(pattern)/", detail: error.message)
        }
        var budget = Self.maximumAlternatives
        var alternatives: [Alternative] = []
        for branch in Self.branches(root) {
            alternatives += try Self.alternatives(Self.items(branch), budget: &budget, pattern: pattern)
        }
        for alternative in alternatives { try Self.checkLowerable(alternative.body, pattern: pattern) }
        self.alternatives = alternatives
    }

    /// Character-length bounds of the strings `searchNode` accepts.
    var searchLengthBounds: (min: Int, max: Int?) {
        let all = alternatives.map { alternative -> (min: Int, max: Int?) in
            let bounds = alternative.body.lengthBounds
            let anchored = alternative.anchoredAtStart && alternative.anchoredAtEnd
            return (bounds.min, anchored ? bounds.max : nil)
        }
        let low = all.map(\.min).min() ?? 0
        let high: Int? = all.contains { $0.max == nil } ? nil : all.compactMap(\.max).max() ?? 0
        return (low, high)
    }

    /// Character-length bounds of whole-string matches.
    var lengthBounds: (min: Int, max: Int?) {
        let all = alternatives.map(\.body.lengthBounds)
        let low = all.map(\.min).min() ?? 0
        let high: Int? = all.contains { $0.max == nil } ? nil : all.compactMap(\.max).max() ?? 0
        return (low, high)
    }

    /// Whole-string match, anchors or not (free text constrained by a regex).
    func node(encoding: CodePointSet.Encoding) -> GrammarNode {
        .choice(alternatives.map { $0.body.node(encoding: encoding) })
    }

    /// JSON Schema `pattern` semantics: the regex may match anywhere unless anchored.
    func searchNode(encoding: CodePointSet.Encoding) -> GrammarNode {
        let anything = GrammarNode.repetition(CodePointSet.all.node(encoding: encoding), min: 0, max: nil)
        return .choice(alternatives.map { alternative in
            var parts: [GrammarNode] = []
            if !alternative.anchoredAtStart { parts.append(anything) }
            parts.append(alternative.body.node(encoding: encoding))
            if !alternative.anchoredAtEnd { parts.append(anything) }
            return .sequence(parts)
        })
    }
}

extension ParsedRegex {
    private static func branches(_ node: RegexNode) -> [RegexNode] {
        if case .alternation(let branches) = node { return branches }
        return [node]
    }

    private static func items(_ node: RegexNode) -> [RegexNode] {
        switch node {
        case .sequence(let items): return items
        case .empty: return []
        default: return [node]
        }
    }

    /// Whether some branch of `node` starts (or, with `atEnd`, ends) with an anchor, directly
    /// or through a group in that position. Recursion is bounded by the parser's group nesting.
    private static func carriesAnchor(_ node: RegexNode, atEnd: Bool) -> Bool {
        branches(node).contains { branch in
            let items = items(branch)
            switch atEnd ? items.last : items.first {
            case .start? where !atEnd, .end? where atEnd: return true
            case .group(let inner, _)?: return carriesAnchor(inner, atEnd: atEnd)
            default: return false
            }
        }
    }

    /// The alternatives of one top-level branch's items: anchors at its ends taken off, and a
    /// first or last group whose branches carry anchors distributed over those branches.
    private static func alternatives(_ items: [RegexNode], budget: inout Int, pattern: String) throws(GrammarError) -> [Alternative] {
        if case .group(let inner, _)? = items.first, carriesAnchor(inner, atEnd: false) {
            var result: [Alternative] = []
            for branch in branches(inner) {
                result += try alternatives(Self.items(branch) + items.dropFirst(), budget: &budget, pattern: pattern)
            }
            return result
        }
        if case .group(let inner, _)? = items.last, carriesAnchor(inner, atEnd: true) {
            var result: [Alternative] = []
            for branch in branches(inner) {
                result += try alternatives(items.dropLast() + Self.items(branch), budget: &budget, pattern: pattern)
            }
            return result
        }
        var body = items[...]
        var start = false, end = false
        while case .start? = body.first { body.removeFirst(); start = true }
        while case .end? = body.last { body.removeLast(); end = true }
        budget -= 1
        guard budget >= 0 else {
            throw GrammarError(.budgetExceeded, keyword: "ParsedRegex.maximumAlternatives", path: "/\(pattern)/",
                               detail: "distributing anchored groups gives more than \(maximumAlternatives) alternatives")
        }
        let node: RegexNode = body.isEmpty ? .empty : (body.count == 1 ? body[body.startIndex] : .sequence(Array(body)))
        return [Alternative(anchoredAtStart: start, anchoredAtEnd: end, body: node)]
    }

    /// Refuses what a finite automaton cannot express. Recursion is bounded by the parser's
    /// group nesting (quantifiers apply to one atom, so they add no depth of their own).
    private static func checkLowerable(_ node: RegexNode, pattern: String) throws(GrammarError) {
        func refuse(_ construct: String, _ detail: String) -> GrammarError {
            GrammarError(.invalidRegex, keyword: construct, path: "/\(pattern)/", detail: detail)
        }
        switch node {
        case .empty, .scalar, .any: return
        case .set(let set): if set.hasPropertyClass { throw refuse("\\p", "unicode property classes are not supported") }
        case .start: throw refuse("^", "anchor in the middle of a pattern")
        case .end: throw refuse("$", "anchor in the middle of a pattern")
        case .wordBoundary(let negated): throw refuse(negated ? "\\B" : "\\b", "word boundaries are not supported")
        case .look: throw refuse("(?", "lookaround is not supported")
        case .backReference(let number): throw refuse("\\\(number)", "backreferences are not supported")
        case .namedBackReference(let name): throw refuse("\\k<\(name)>", "backreferences are not supported")
        case .group(let inner, _): try checkLowerable(inner, pattern: pattern)
        case .quantified(let inner, _, _, _): try checkLowerable(inner, pattern: pattern)
        case .sequence(let parts), .alternation(let parts):
            for part in parts { try checkLowerable(part, pattern: pattern) }
        }
    }
}
