/// A regex split into its top-level alternatives with their `^`/`$` anchors.
struct ParsedRegex: Sendable {
    struct Alternative: Sendable {
        var anchoredAtStart: Bool
        var anchoredAtEnd: Bool
        var body: RegexNode
    }

    var alternatives: [Alternative]

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
