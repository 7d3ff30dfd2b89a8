/// A parsed regular expression over code points.
indirect enum RegexNode: Sendable {
    case empty
    case set(CodePointSet)
    case sequence([RegexNode])
    case alternation([RegexNode])
    case repetition(RegexNode, min: Int, max: Int?)

    /// Fewest and most characters a match can have (nil: unbounded).
    var lengthBounds: (min: Int, max: Int?) {
        switch self {
        case .empty: return (0, 0)
        case .set(let set): return set.isEmpty ? (0, 0) : (1, 1)
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
        case .repetition(let body, let minimum, let maximum):
            let bounds = body.lengthBounds
            let high: Int? = maximum.flatMap { count in bounds.max.map { $0 * count } }
            return (bounds.min * minimum, bounds.max == 0 ? 0 : high)
        }
    }

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
