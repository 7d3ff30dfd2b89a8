import JSONSchemaValidation
import Testing
@testable import StructuredDecoding
import TestSupport

/// The plain-text bounds that let a mask take plain string tokens from a precomputed bitmask:
/// checked against the breadth-first search over DFA states they replace, and against what the
/// grammar actually accepts.
@Suite("PlainTextBounds") struct PlainTextBoundTests {
    let compiler = GrammarCompiler(vocabulary: TinyVocabulary.vocabulary)
    static let limit = 40
    static let asciiPlain: [UInt8] = Array(0x20...0x7F).filter { $0 != 0x22 && $0 != 0x5C }

    func grammar(_ text: String) throws -> CompiledGrammar {
        try compiler.compile(jsonSchema: try JSONValue(parsing: text))
    }

    /// The DFA state after `prefix`; 0 when the grammar rejects it.
    func state(_ grammar: CompiledGrammar, after prefix: String) -> Int32 {
        grammar.dfa.withLock { dfa in
            var state = grammar.startState
            for byte in prefix.utf8 where state != 0 { state = dfa.step(state, byte) }
            return state
        }
    }

    struct Bounds: Equatable {
        var chain, branching, search: Int
        var exact: Int?
    }

    func bounds(_ grammar: CompiledGrammar, after prefix: String) throws -> Bounds {
        let state = state(grammar, after: prefix)
        try #require(state != 0, "\(prefix) was rejected")
        return grammar.dfa.withLock { dfa in
            Bounds(chain: dfa.plainPathSafeCharacters(state, limit: Self.limit),
                   branching: dfa.branchingASCIISafeCharacters(state, limit: Self.limit, budget: 2_048),
                   search: dfa.plainSafeCharacters(state, limit: Self.limit),
                   exact: dfa.plainExactCharacters(state, limit: Self.limit))
        }
    }

    @Test func maxLengthStringsCountTheCharactersLeft() throws {
        let grammar = try grammar(#"{"type":"string","maxLength":12}"#)
        #expect(try bounds(grammar, after: #"""#) == Bounds(chain: 12, branching: 12, search: 12, exact: 12))
        #expect(try bounds(grammar, after: #""aé\n"#) == Bounds(chain: 9, branching: 9, search: 9, exact: 9))
        #expect(try bounds(grammar, after: #""abcdefghijkl"#) == Bounds(chain: 0, branching: 0, search: 0, exact: 0))
        // Inside an escape no plain character fits, and the chain cannot say so exactly.
        #expect(try bounds(grammar, after: #""\"#).chain == 0)
    }

    @Test func freeStringsAreSafeAtEveryLength() throws {
        let grammar = try grammar(#"{"type":"array","items":{"type":"string","minLength":3}}"#)
        let free = try bounds(grammar, after: #"["xyz","#)
        #expect(free.chain == 0)  // `,` needs a quote first
        let body = try bounds(grammar, after: #"["xyz","abcd"#)
        #expect(body.chain == Self.limit && body.branching == Self.limit && body.search == Self.limit)
        #expect(body.exact == nil)  // no end in sight
        // Before minLength is reached the string cannot end, but every plain text still fits.
        #expect(try bounds(grammar, after: #"[""#).chain == Self.limit)
    }

    @Test func keysLeavingTheExcludedKeyTrieAreSafe() throws {
        let grammar = try grammar(#"{"type":"object","properties":{"name":{"type":"integer"},"nick":{"type":"integer"}}}"#)
        let key = try bounds(grammar, after: #"{""#)
        #expect(key.chain == 0)  // characters lead to different trie nodes
        #expect(key.branching == Self.limit)
        #expect(key.search == Self.limit)
        #expect(key.exact == nil)
        #expect(try bounds(grammar, after: #"{"ni"#).branching == Self.limit)
    }

    @Test func nonStringStatesHaveNoPlainBound() throws {
        let grammar = try grammar(#"{"type":"object","properties":{"n":{"type":"integer"}},"additionalProperties":false}"#)
        for prefix in [#"{"#, #"{"n":"#, #"{"n":1"#] {
            let found = try bounds(grammar, after: prefix)
            #expect(found.chain == 0 && found.branching == 0 && found.search == 0, "\(prefix)")
            #expect(found.exact == nil, "\(prefix)")
        }
    }

    /// The bounds never claim more than the search finds (they are lower bounds of the same
    /// quantity), on every state a few random walks reach.
    @Test(arguments: [
        #"{"type":"object","properties":{"ab":{"type":"string","maxLength":3},"a":{"type":"string","minLength":2}}}"#,
        #"{"anyOf":[{"type":"string","maxLength":2},{"type":"string","pattern":"^a+$"},{"type":"integer"}]}"#,
        #"{"type":"object","additionalProperties":{"type":"string","maxLength":5},"properties":{"a":{"type":"boolean"}}}"#,
    ])
    func boundsNeverExceedTheSearch(schemaText: String) throws {
        let grammar = try grammar(schemaText)
        var generator = SeededRandom(seed: 5)
        for _ in 0..<20 {
            let matcher = GrammarMatcher(grammar: grammar)
            for _ in 0..<12 {
                let current = matcher.currentState
                // The limit the masks use, since the search caches its answers per state.
                let limit = grammar.slices.longestPlain
                grammar.dfa.withLock { dfa in
                    let search = dfa.plainSafeCharacters(current, limit: limit)
                    #expect(dfa.plainPathSafeCharacters(current, limit: limit) <= search)
                    if let exact = dfa.plainExactCharacters(current, limit: limit) { #expect(exact == search) }
                    // The ASCII bound claims less (ASCII text only), so check the claim itself.
                    let ascii = dfa.branchingASCIISafeCharacters(current, limit: limit, budget: 2_048)
                    for length in 0...min(ascii, 6) {
                        for _ in 0..<10 {
                            var state = current
                            for _ in 0..<length {
                                let byte = Self.asciiPlain[Int(generator.next() % UInt64(Self.asciiPlain.count))]
                                state = dfa.step(state, byte)
                            }
                            #expect(state != 0, "\(length) ASCII characters after a bound of \(ascii)")
                        }
                    }
                }
                var words: [UInt64] = []
                matcher.fillAllowedTokens(into: &words)
                let choices = TinyVocabulary.allowed(words).filter { $0 != TinyVocabulary.eos }.sorted()
                guard !choices.isEmpty else { break }
                #expect(matcher.accept(choices[Int(generator.next() % UInt64(choices.count))]))
            }
        }
    }
}
