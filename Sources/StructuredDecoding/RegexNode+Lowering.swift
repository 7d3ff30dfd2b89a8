import JSONCore

/// Lowering the shared parser's nodes to grammar nodes over code points. Only nodes that
/// `ParsedRegex` checked reach here: anchors, look-around, back-references and word
/// boundaries have been refused (they lower to `.nothing` should one slip through).
extension RegexNode {
    /// Fewest and most characters a match can have (nil: unbounded).
    var lengthBounds: (min: Int, max: Int?) {
        switch self {
        case .empty, .start, .end, .wordBoundary, .look, .backReference, .namedBackReference: return (0, 0)
        case .scalar, .any: return (1, 1)
        case .set(let set): return CodePointSet(set).isEmpty ? (0, 0) : (1, 1)
        case .group(let inner, _): return inner.lengthBounds
        case .sequence(let parts):
            var low = 0
            var high: Int? = 0
            for part in parts {
                let bounds = part.lengthBounds
                low += bounds.min
                high = high.flatMap { total in bounds.max.map { total + $0 } }
            }
            return (low, high)
        case .alternation(let branches):
            let all = branches.map(\.lengthBounds)
            let low = all.map(\.min).min() ?? 0
            let high: Int? = all.contains { $0.max == nil } ? nil : all.compactMap(\.max).max() ?? 0
            return (low, high)
        case .quantified(let body, let minimum, let maximum, _):
            let bounds = body.lengthBounds
            let high: Int? = maximum.flatMap { count in bounds.max.map { $0 * count } }
            return (bounds.min * minimum, bounds.max == 0 ? 0 : high)
        }
    }

    func node(encoding: CodePointSet.Encoding) -> GrammarNode {
        switch self {
        case .empty: return .empty
        case .scalar(let scalar): return CodePointSet([scalar.value...scalar.value]).node(encoding: encoding)
        case .any: return CodePointSet.dot.node(encoding: encoding)
        case .set(let set): return CodePointSet(set).node(encoding: encoding)
        case .group(let inner, _): return inner.node(encoding: encoding)
        case .sequence(let parts): return .sequence(parts.map { $0.node(encoding: encoding) })
        case .alternation(let branches): return .choice(branches.map { $0.node(encoding: encoding) })
        case .quantified(let body, let minimum, let maximum, _):
            // Laziness changes which match is found, not which strings match.
            return .repetition(body.node(encoding: encoding), min: minimum, max: maximum)
        case .start, .end, .wordBoundary, .look, .backReference, .namedBackReference: return .nothing
        }
    }
}

extension RegexCharacterSet {
    /// Whether a `\p{...}` class occurs in the set (no code point table is built for them).
    var hasPropertyClass: Bool {
        items.contains { item in
            switch item {
            case .property: return true
            case .notSet(let nested): return nested.hasPropertyClass
            case .range, .digit, .word, .space: return false
            }
        }
    }
}

extension CodePointSet {
    /// The code points of a parsed class (`\p{...}` classes, refused before lowering, count as empty).
    init(_ set: RegexCharacterSet) {
        var result = CodePointSet()
        for item in set.items {
            switch item {
            case .range(let low, let high): result = result.union(CodePointSet([low...high]))
            case .digit: result = result.union(.digits)
            case .word: result = result.union(.word)
            case .space: result = result.union(.space)
            case .property: continue
            case .notSet(let nested): result = result.union(CodePointSet(nested).inverted)
            }
        }
        self = set.negated ? result.inverted : result
    }
}
