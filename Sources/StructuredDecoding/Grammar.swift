/// A grammar: rule 0 is the start rule.
struct Grammar: Sendable {
    var rules: [GrammarNode]
    /// Emitted at each place JSON objects and arrays allow whitespace (after `{`, `[`, `,`,
    /// `:`, keys and member values); `.empty` for compact JSON and for non-JSON grammars.
    var whitespace: GrammarNode = .empty
}
