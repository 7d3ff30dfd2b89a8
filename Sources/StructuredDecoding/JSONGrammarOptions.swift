/// How JSON Schema is turned into a grammar.
public struct JSONGrammarOptions: Sendable, Hashable {
    /// Whether objects may carry properties the schema does not name when the schema does not
    /// say (`additionalProperties` absent). JSON Schema says yes; generation usually wants no.
    /// Default: true (the standard's meaning).
    public var allowsAdditionalPropertiesByDefault: Bool
    /// Ignore keywords the grammar cannot enforce instead of failing. Default: false.
    public var lenient: Bool
    /// The whitespace allowed between JSON tokens. Default: `.compact` (none), which is what the
    /// library generates; `.flexible` accepts llama.cpp's, so a greedy model follows the same
    /// path under our grammar as under llama.cpp's.
    public var whitespace: JSONWhitespace

    public init(allowsAdditionalPropertiesByDefault: Bool = true, lenient: Bool = false, whitespace: JSONWhitespace = .compact) {
        self.allowsAdditionalPropertiesByDefault = allowsAdditionalPropertiesByDefault
        self.lenient = lenient
        self.whitespace = whitespace
    }
}
