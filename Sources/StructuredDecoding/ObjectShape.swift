/// The members of a JSON object the grammar emits, in emission order.
struct ObjectShape: Sendable {
    struct Member: Sendable {
        /// The key as emitted, quotes included.
        var key: [UInt8]
        var value: GrammarNode
        var isRequired: Bool
    }

    var members: [Member]
    /// Key (a JSON string) and value of members beyond `members`, one entry per class of keys
    /// (`patternProperties` regions, then `additionalProperties`); the key languages are
    /// disjoint. Empty when no other members are allowed.
    var additional: [(key: GrammarNode, value: GrammarNode)]
    var minCount: Int
    var maxCount: Int?
}
