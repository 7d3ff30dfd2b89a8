/// Budgets that bound every search the grammar layer does, so a hostile schema costs a
/// bounded amount of time and memory instead of hanging generation.
public struct GrammarLimits: Sendable, Hashable {
    /// Maximum NFA states one compiled grammar may have.
    /// Default: 400_000 (tens of MB worst case). Speed: several million states/s to build.
    public var maxNFAStates: Int
    /// Maximum nesting of rule calls (`$ref`, free-form JSON values) in one configuration:
    /// deeper values are rejected. Default: 32.
    public var maxNestingDepth: Int
    /// Largest `{n,m}` repetition count, `maxLength`, `maxItems` or `multipleOf` expanded into
    /// states. Default: 10_000.
    public var maxRepetition: Int
    /// Masks cached per grammar (one bitset per DFA state, 6 KB for a 49k vocabulary).
    /// Default: 2_048.
    public var maxCachedMasks: Int
    /// Maximum states of one eagerly determinized sub-automaton (a `patternProperties` key
    /// class, a `pattern` intersected with length bounds, a negated pattern).
    /// Determinizing may also visit at most 64 NFA states per DFA state allowed.
    /// Default: 20_000 (a few MB at most). Speed: about a million states/s.
    public var maxEagerDFAStates: Int

    public init(maxNFAStates: Int = 400_000, maxNestingDepth: Int = 32, maxRepetition: Int = 10_000,
                maxCachedMasks: Int = 2_048, maxEagerDFAStates: Int = 20_000) {
        self.maxEagerDFAStates = maxEagerDFAStates
        self.maxNFAStates = maxNFAStates
        self.maxNestingDepth = maxNestingDepth
        self.maxRepetition = maxRepetition
        self.maxCachedMasks = maxCachedMasks
    }
}
