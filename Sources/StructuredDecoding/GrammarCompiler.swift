import JSONSchemaValidation
import Synchronization

/// Compiles schemas and regexes into grammars for one vocabulary, caching by content.
///
/// Building the token trie is the expensive per-vocabulary step and happens once here; each
/// compile then costs only the schema's automaton.
public final class GrammarCompiler: Sendable {
    public let vocabulary: TokenVocabulary
    public let limits: GrammarLimits
    let slices: TokenSlices
    private let cache = Mutex<[String: CompiledGrammar]>([:])

    public init(vocabulary: TokenVocabulary, limits: GrammarLimits = .init()) {
        self.vocabulary = vocabulary
        self.limits = limits
        self.slices = TokenSlices(vocabulary: vocabulary)
    }

    /// Grammar of the JSON values valid under `jsonSchema`, with properties in schema order
    /// (`x-order` when present), emitted compactly unless `options.whitespace` allows more.
    public func compile(jsonSchema: JSONValue, options: JSONGrammarOptions = .init()) throws(GrammarError) -> CompiledGrammar {
        let key = "json:\(options.allowsAdditionalPropertiesByDefault):\(options.lenient):\(options.whitespace):" + jsonSchema.serialized()
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let grammar = try JSONSchemaCompiler.compile(jsonSchema, options: options, limits: limits)
        return try store(grammar, key: key)
    }

    /// Grammar of free text matching `regex` in full (ECMAScript syntax, implicitly anchored).
    public func compile(regex: String) throws(GrammarError) -> CompiledGrammar {
        let key = "regex:" + regex
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let node = try ParsedRegex(pattern: regex).node(encoding: .raw)
        return try store(Grammar(rules: [node]), key: key)
    }

    private func store(_ grammar: Grammar, key: String) throws(GrammarError) -> CompiledGrammar {
        let nfa = try NFABuilder.build(grammar, limits: limits)
        let compiled = CompiledGrammar(nfa: nfa, slices: slices, vocabulary: vocabulary, limits: limits)
        cache.withLock { $0[key] = compiled }
        return compiled
    }

    /// Forgets cached grammars (benchmarks measure compile time with it).
    package func removeCachedGrammars() { cache.withLock { $0.removeAll() } }
}
