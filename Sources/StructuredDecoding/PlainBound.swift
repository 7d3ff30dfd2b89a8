/// A memoized answer of the plain-text bound for one closure: every plain string of up to
/// `value` characters can be read from it (-1: not known yet). `exact` when the search reached
/// a character no path reads at that depth, so asking for more cannot help.
struct PlainBound: Sendable {
    var value: Int
    var exact: Bool

    static let unknown = PlainBound(value: -1, exact: false)
}

/// The running state of one `branchingPlainSafeCharacters` search.
struct PlainBoundSearch {
    /// Closure evaluations left.
    var budget: Int
    var exhausted = false
    /// The current evaluation assumed an unfinished closure safe (a cycle), so its answer holds
    /// only for this search and is not memoized.
    var reliedOnAssumption = false
}
