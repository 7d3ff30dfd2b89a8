/// A grammar: rule 0 is the start rule.
struct Grammar: Sendable {
    var rules: [GrammarNode]
}
