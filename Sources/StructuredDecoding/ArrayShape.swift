/// The elements of a JSON array: `prefix[i]` for position i, then `items` for the rest.
struct ArrayShape: Sendable {
    var prefix: [GrammarNode]
    /// Schema of elements after the prefix; nil when none are allowed.
    var items: GrammarNode?
    var minCount: Int
    var maxCount: Int?
}
