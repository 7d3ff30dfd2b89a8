/// A parsed ECMA-262 pattern: what `RegexParser` produces, interpreted by `RegexMatcher` for the
/// validator and lowered to automata by the grammar compiler (`StructuredDecoding`'s
/// `ParsedRegex`), so both read patterns with one parser and one dialect.
package indirect enum RegexNode: Sendable {
    case empty
    case scalar(Unicode.Scalar)
    case any
    case set(RegexCharacterSet)
    case start
    case end
    case wordBoundary(negated: Bool)
    case group(RegexNode, capture: Int?)
    case look(RegexNode, ahead: Bool, negated: Bool)
    case backReference(Int)
    case namedBackReference(String)
    case sequence([RegexNode])
    case alternation([RegexNode])
    case quantified(RegexNode, min: Int, max: Int?, greedy: Bool)
}
