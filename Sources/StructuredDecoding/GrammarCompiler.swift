import JSONCore
import Synchronization

/// Compiles schemas and regexes into grammars for one vocabulary, caching by content.
///
/// Building the token trie is the expensive per-vocabulary step and happens once here; each
/// compile then costs only the schema's automaton. Compiled grammars are cached by a hash of
/// the canonical schema, least recently used first out past `cacheByteLimit` (see `GrammarCache`).
///
/// - Note: A cached grammar keeps growing while it is used (its DFA and masks fill in lazily);
///   the limit is checked against their sizes each time a grammar is added.
public final class GrammarCompiler: Sendable {
    public let vocabulary: TokenVocabulary
    public let limits: GrammarLimits
    let slices: TokenSlices
    private let cache: Mutex<GrammarCache>

    /// The default `cacheByteLimit`: 256 MiB, about twenty grammars with full mask caches on a
    /// 49k-token vocabulary.
    public static let defaultCacheByteLimit = 256 << 20

    /// - parameter cacheByteLimit: The most estimated bytes of compiled grammars kept for reuse.
    public init(vocabulary: TokenVocabulary, limits: GrammarLimits = .init(), cacheByteLimit: Int = GrammarCompiler.defaultCacheByteLimit) {
        self.vocabulary = vocabulary
        self.limits = limits
        self.slices = TokenSlices(vocabulary: vocabulary)
        self.cache = Mutex(GrammarCache(byteLimit: cacheByteLimit))
    }

    /// Grammar of the JSON values valid under `jsonSchema`, with properties in schema order
    /// (`x-order` when present), emitted compactly unless `options.whitespace` allows more.
    public func compile(jsonSchema: JSONValue, options: JSONGrammarOptions = .init()) throws(GrammarError) -> CompiledGrammar {
        // Before anything recurses over it (the cache key serializes it): a schema built in code
        // is not bounded by the parser, and 10,000 levels overflowed the stack here.
        if let pointer = jsonSchema.pointer(toNestingDeeperThan: JSONValue.maximumNestingDepth) {
            throw GrammarError(.budgetExceeded, keyword: "JSONValue.maximumNestingDepth", path: "#" + pointer,
                               detail: "the schema nests arrays and objects deeper than \(JSONValue.maximumNestingDepth) levels")
        }
        let key = GrammarCache.Key("json:\(options.allowsAdditionalPropertiesByDefault):\(options.lenient):\(options.whitespace):" + jsonSchema.serialized())
        if let cached = cache.withLock({ $0.grammar(for: key) }) { return cached }
        let grammar = try JSONSchemaCompiler.compile(jsonSchema, options: options, limits: limits)
        return try store(grammar, key: key)
    }

    /// Grammar of free text matching `regex` in full (ECMAScript syntax, implicitly anchored).
    public func compile(regex: String) throws(GrammarError) -> CompiledGrammar {
        let key = GrammarCache.Key("regex:" + regex)
        if let cached = cache.withLock({ $0.grammar(for: key) }) { return cached }
        let node = try ParsedRegex(pattern: regex).node(encoding: .raw)
        return try store(Grammar(rules: [node]), key: key)
    }

    private func store(_ grammar: Grammar, key: GrammarCache.Key) throws(GrammarError) -> CompiledGrammar {
        let nfa = try NFABuilder.build(grammar, limits: limits)
        let compiled = CompiledGrammar(nfa: nfa, slices: slices, vocabulary: vocabulary, limits: limits)
        cache.withLock { $0.insert(compiled, for: key) }
        return compiled
    }

    /// Forgets cached grammars (benchmarks measure compile time with it).
    package func removeCachedGrammars() { cache.withLock { $0.removeAll() } }

    /// Grammars in the cache now (tests check the limit with it).
    package var cachedGrammarCount: Int { cache.withLock { $0.count } }
}
