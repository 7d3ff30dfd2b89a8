/// The parsed form of an `ECMARegex`.
indirect enum RegexNode: Sendable {
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
