/// The grammar IR: a regular expression over bytes extended with calls to named rules.
///
/// Schemas and regexes compile to this; `ByteNFA` turns it into an automaton. Rules (for `$ref`
/// targets and free-form JSON) are compiled once and called, so recursion and reuse cost no
/// copies. Objects and arrays are dedicated nodes because their comma rules are expressed with
/// shared states (every member value is emitted once, whatever precedes it).
indirect enum GrammarNode: Sendable {
    /// Matches the empty string.
    case empty
    /// Matches nothing.
    case nothing
    /// A fixed byte string.
    case bytes([UInt8])
    /// One byte from the set of ranges.
    case byteSet([ClosedRange<UInt8>])
    case sequence([GrammarNode])
    case choice([GrammarNode])
    /// `min` to `max` (nil: unbounded) repetitions.
    case repetition(GrammarNode, min: Int, max: Int?)
    /// A call of rule `index` in `Grammar.rules`.
    case rule(Int)
    /// `{` members in order, each optional or required, then additional members, then `}`.
    case object(ObjectShape)
    /// `[` elements `]` with per-position schemas and a count range.
    case array(ArrayShape)
    /// Decimal numbers without leading zeros, > 0, divisible by the value (`multipleOf`).
    case positiveMultiples(Int)
    /// A determinized, trimmed regular language (keys of `patternProperties`, `pattern` with
    /// length bounds): emitted state for state.
    case automaton(ByteDFA)

    static func literal(_ text: String) -> GrammarNode { .bytes(Array(text.utf8)) }

    static func optional(_ node: GrammarNode) -> GrammarNode { .choice([.empty, node]) }
}
