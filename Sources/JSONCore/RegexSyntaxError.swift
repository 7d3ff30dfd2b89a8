/// Why a pattern is not an ECMA-262 regular expression.
public struct RegexSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    /// Offset in Unicode scalars from the start of the pattern.
    public let offset: Int

    /// Whether the pattern nests groups deeper than `RegexParser.maximumDepth` (a budget, not
    /// a syntax error: the grammar compiler reports it as one).
    package var exceedsNestingLimit = false

    public var description: String { "\(message) at offset \(offset)" }
}
