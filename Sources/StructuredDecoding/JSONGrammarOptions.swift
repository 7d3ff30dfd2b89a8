/// How JSON Schema is turned into a grammar.
public struct JSONGrammarOptions: Sendable, Hashable {
    /// Whether objects may carry properties the schema does not name when the schema does not
    /// say (`additionalProperties` absent). JSON Schema says yes; generation usually wants no.
    /// Default: true (the standard's meaning).
    public var allowsAdditionalPropertiesByDefault: Bool
    /// Ignore keywords the grammar cannot enforce instead of failing. Default: false.
    public var lenient: Bool

    public init(allowsAdditionalPropertiesByDefault: Bool = true, lenient: Bool = false) {
        self.allowsAdditionalPropertiesByDefault = allowsAdditionalPropertiesByDefault
        self.lenient = lenient
    }
}
