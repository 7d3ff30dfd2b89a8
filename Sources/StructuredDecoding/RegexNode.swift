/// A parsed regular expression over code points.
indirect enum RegexNode: Sendable {
    case empty
    case set(CodePointSet)
    case sequence([RegexNode])
    case alternation([RegexNode])
    case repetition(RegexNode, min: Int, max: Int?)

    func node(encoding: CodePointSet.Encoding) -> GrammarNode {
        switch self {
        case .empty: return .empty
        case .set(let set): return set.node(encoding: encoding)
        case .sequence(let parts): return .sequence(parts.map { $0.node(encoding: encoding) })
        case .alternation(let branches): return .choice(branches.map { $0.node(encoding: encoding) })
        case .repetition(let body, let minimum, let maximum):
            return .repetition(body.node(encoding: encoding), min: minimum, max: maximum)
        }
    }
}

/// A regex split into its top-level alternatives with their `^`/`$` anchors.
struct ParsedRegex: Sendable {
    struct Alternative: Sendable {
        var anchoredAtStart: Bool
        var anchoredAtEnd: Bool
        var body: RegexNode
    }

    var alternatives: [Alternative]

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
