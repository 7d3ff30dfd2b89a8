import JSONSchemaValidation
import Testing
@testable import StructuredDecoding
import TestSupport

@Suite("GrammarMatcher") struct GrammarMatcherTests {
    let compiler = GrammarCompiler(vocabulary: TinyVocabulary.vocabulary)

    func schema(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CompiledGrammar {
        try compiler.compile(jsonSchema: try JSONValue(parsing: text))
    }

    func mask(_ matcher: GrammarMatcher) -> Set<Int32> {
        var words: [UInt64] = []
        matcher.fillAllowedTokens(into: &words)
        return TinyVocabulary.allowed(words)
    }

    @Test func maskFollowsObjectStepByStep() throws {
        let grammar = try schema(#"{"type":"object","properties":{"a":{"type":"integer"}},"required":["a"],"additionalProperties":false}"#)
        let matcher = GrammarMatcher(grammar: grammar)
        let id = TinyVocabulary.id
        // Start: only `{` and `{"` can begin `{"a":`.
        #expect(mask(matcher) == [id("{"), id("{\"")])
        #expect(matcher.accept(id("{\"")))
        #expect(mask(matcher) == [id("a")])  // "ab" would leave the key
        #expect(matcher.accept(id("a")))
        #expect(mask(matcher) == [id("\":"), id("\"")])
        #expect(matcher.accept(id("\":")))
        #expect(mask(matcher) == [id("1"), id("12"), id("-"), id("0")])
        #expect(matcher.accept(id("12")))
        #expect(!matcher.isComplete)
        #expect(mask(matcher) == [id("}"), id("1"), id("12"), id("0")])
        #expect(matcher.accept(id("}")))
        #expect(matcher.isComplete)
        #expect(mask(matcher) == [TinyVocabulary.eos])
        #expect(matcher.accept(TinyVocabulary.eos))
        #expect(!matcher.canContinue)
        #expect(mask(matcher).isEmpty)
    }

    @Test func forbiddenTokensAreRejectedWithoutStateChange() throws {
        let grammar = try schema(#"{"type":"boolean"}"#)
        let matcher = GrammarMatcher(grammar: grammar)
        #expect(!matcher.accept(TinyVocabulary.id("null")))
        #expect(!matcher.accept(TinyVocabulary.eos))
        #expect(!matcher.accept(TinyVocabulary.bos))
        #expect(matcher.accept(TinyVocabulary.id("true")))
        #expect(matcher.isComplete)
    }

    @Test func forcedBytesJumpForward() throws {
        let grammar = try schema(#"{"type":"object","properties":{"name":{"type":"string"},"n":{"enum":[1]}},"required":["name","n"],"additionalProperties":false}"#)
        let matcher = GrammarMatcher(grammar: grammar)
        #expect(String(decoding: matcher.forcedBytes(), as: UTF8.self) == #"{"name":""#)
        #expect(matcher.accept(bytes: Array(#"{"name":"ab""#.utf8)))
        #expect(String(decoding: matcher.forcedBytes(), as: UTF8.self) == #","n":1}"#)
    }

    @Test func rollbackRestoresEarlierState() throws {
        let grammar = try schema(#"{"type":"array","items":{"type":"integer"}}"#)
        let matcher = GrammarMatcher(grammar: grammar)
        let before = mask(matcher)
        #expect(matcher.accept(TinyVocabulary.id("[")))
        #expect(matcher.accept(TinyVocabulary.id("1")))
        matcher.rollback(tokens: 2)
        #expect(mask(matcher) == before)
    }

    @Test func partialUTF8TokensAreAllowedInsideStrings() throws {
        let grammar = try schema(#"{"type":"string"}"#)
        let matcher = GrammarMatcher(grammar: grammar)
        #expect(matcher.accept(TinyVocabulary.id("\"")))
        let allowed = mask(matcher)
        #expect(allowed.contains(TinyVocabulary.id("é")))
        #expect(allowed.contains(25))  // the lone 0xC3 can start é
        #expect(matcher.accept(25))
        // After a lead byte only a continuation byte fits: none of the ASCII tokens.
        #expect(mask(matcher).isEmpty)
    }

    /// Every allowed token keeps the matcher alive; every forbidden one is rejected. Random
    /// walks over several grammars, choosing among allowed tokens.
    @Test(arguments: [
        #"{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"array","items":{"type":"integer"}}}}"#,
        #"{"anyOf":[{"type":"integer","minimum":-12,"maximum":120},{"type":"string","pattern":"^a(b|é)*$"}]}"#,
        ##"{"$defs":{"t":{"type":"object","properties":{"a":{"$ref":"#/$defs/t"},"b":{"type":"boolean"}},"additionalProperties":false}},"$ref":"#/$defs/t"}"##,
        #"{}"#,
    ])
    func masksAgreeWithAccept(schemaText: String) throws {
        let grammar = try schema(schemaText)
        var generator = SeededRandom(seed: 7)
        for _ in 0..<30 {
            let matcher = GrammarMatcher(grammar: grammar)
            for _ in 0..<25 {
                let allowed = mask(matcher)
                for token in 0..<Int32(TinyVocabulary.vocabulary.count) where token != TinyVocabulary.eos {
                    let bytes = TinyVocabulary.vocabulary.tokenBytes[Int(token)]
                    let fits = !bytes.isEmpty && !TinyVocabulary.vocabulary.specialTokenIDs.contains(token)
                        && matcher.wouldAccept(bytes: bytes)
                    #expect(fits == allowed.contains(token), "token \(token) in \(schemaText)")
                }
                #expect(allowed.contains(TinyVocabulary.eos) == matcher.isComplete)
                let choices = allowed.filter { $0 != TinyVocabulary.eos }.sorted()
                guard !choices.isEmpty else { break }
                let choice = choices[Int(generator.next() % UInt64(choices.count))]
                #expect(matcher.accept(choice))
            }
        }
    }

    /// Masks from the per-state cache and from the plain-text slices equal the plain full walk.
    @Test(arguments: [
        #"{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string","pattern":"é"}},"required":["a"]}"#,
        #"{"type":"object","properties":{"ab":{"type":"string","maxLength":3},"a":{"type":"string","minLength":2}}}"#,
        #"{"type":"array","items":{"type":"string","format":"date"}}"#,
    ])
    func cachedAndSlicedMasksEqualUncached(schemaText: String) throws {
        let grammar = try schema(schemaText)
        var generator = SeededRandom(seed: 11)
        for _ in 0..<40 {
            let fast = GrammarMatcher(grammar: grammar)
            let slow = GrammarMatcher(grammar: grammar)
            slow.usesMaskCache = false
            slow.usesSlices = false
            for _ in 0..<20 {
                let fastMask = mask(fast), slowMask = mask(slow)
                #expect(fastMask == slowMask)
                let choices = fastMask.filter { $0 != TinyVocabulary.eos }.sorted()
                guard !choices.isEmpty else { break }
                let choice = choices[Int(generator.next() % UInt64(choices.count))]
                #expect(fast.accept(choice))
                #expect(slow.accept(choice))
            }
        }
    }
}

