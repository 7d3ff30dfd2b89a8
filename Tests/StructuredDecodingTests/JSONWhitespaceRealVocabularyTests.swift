import JSONSchemaValidation
import LocalInference
import Testing
@testable import StructuredDecoding
import TestSupport

/// The flexible whitespace grammar on the default model's real vocabulary: tokens that mix
/// whitespace with punctuation (`\n `, ` "`, `":`, `",`), where the mask shortcuts (plain-text
/// slices, per-state cache) must still equal the plain full walk.
@Suite("JSON whitespace, real vocabulary") struct JSONWhitespaceRealVocabularyTests {
    static let recipe = #"""
        {"type":"object","properties":{"title":{"type":"string"},"difficulty":{"type":"integer","minimum":1,"maximum":5},
         "ingredients":{"type":"array","items":{"type":"string"},"minItems":1,"maxItems":6},
         "steps":{"type":"array","items":{"type":"string"},"minItems":1,"maxItems":4}},
         "required":["title","difficulty","ingredients","steps"],"additionalProperties":false}
        """#

    /// The masks two matchers give at the same state: shortcuts on, and the full walk.
    static func masks(_ fast: GrammarMatcher, _ slow: GrammarMatcher) -> (fast: [UInt64], slow: [UInt64]) {
        var fastMask: [UInt64] = [], slowMask: [UInt64] = []
        fast.fillAllowedTokens(into: &fastMask)
        slow.fillAllowedTokens(into: &slowMask)
        return (fastMask, slowMask)
    }

    static func isSet(_ token: Int32, in mask: [UInt64]) -> Bool {
        mask[Int(token) >> 6] & (1 << (UInt64(token) & 63)) != 0
    }

    @Test(arguments: [JSONWhitespace.flexible, .singleSpace])
    func tokenizedSpacedValuesPassTheMask(whitespace: JSONWhitespace) throws {
        let tokenizer = try RealVocabularyTests.tokenizer()
        let vocabulary = RealVocabularyTests.vocabulary(tokenizer)
        let grammar = try GrammarCompiler(vocabulary: vocabulary)
            .compile(jsonSchema: try JSONValue(parsing: Self.recipe), options: JSONGrammarOptions(whitespace: whitespace))
        let value = try JSONValue(parsing: #"{"title":"Pancakes","difficulty":2,"ingredients":["milk","eggs"],"steps":["Mix.","Fry."]}"#)
        var texts = [value.serialized(.init(spacesAfterSeparators: true)), #"{ "title" : "Pancakes" , "difficulty" : 2 , "ingredients" : [ "milk" ] , "steps" : [ "Fry." ] } "#]
        if whitespace == .flexible { texts += [value.serialized(.init(indentation: 2)) + "\n", value.serialized(.init(indentation: 4))] }
        for text in texts {
            let fast = GrammarMatcher(grammar: grammar)
            let slow = GrammarMatcher(grammar: grammar)
            slow.usesMaskCache = false
            slow.usesSlices = false
            for token in tokenizer.encode(text, addSpecialTokens: false) {
                let (fastMask, slowMask) = Self.masks(fast, slow)
                #expect(fastMask == slowMask, "masks differ before token \(token) of \(text.debugDescription)")
                #expect(Self.isSet(token, in: fastMask), "token \(token) of \(text.debugDescription) is masked out")
                #expect(fast.accept(token))
                #expect(slow.accept(token))
            }
            #expect(fast.isComplete)
            let eos = try #require(vocabulary.endOfGenerationTokenIDs.first)
            #expect(Self.isSet(eos, in: Self.masks(fast, slow).fast))
        }
        // Whitespace the policy does not allow is masked out: a second space after `{ `.
        let matcher = GrammarMatcher(grammar: grammar)
        #expect(matcher.accept(bytes: Array("{ ".utf8)))
        let space = tokenizer.encode(" ", addSpecialTokens: false)
        try #require(space.count == 1)
        #expect(!Self.isSet(space[0], in: Self.masks(matcher, GrammarMatcher(grammar: grammar)).fast))
    }

    /// Random walks through the flexible grammar (preferring long tokens, which mix whitespace
    /// and punctuation): the mask with every shortcut equals the full walk at each step, and
    /// whatever text the walk produces that the grammar calls complete parses as JSON.
    @Test func randomWalksMatchTheFullWalk() throws {
        let tokenizer = try RealVocabularyTests.tokenizer()
        let vocabulary = RealVocabularyTests.vocabulary(tokenizer)
        let grammar = try GrammarCompiler(vocabulary: vocabulary)
            .compile(jsonSchema: try JSONValue(parsing: Self.recipe), options: JSONGrammarOptions(whitespace: .flexible))
        var generator = SeededRandom(seed: 11)
        for _ in 0..<4 {
            let fast = GrammarMatcher(grammar: grammar)
            let slow = GrammarMatcher(grammar: grammar)
            slow.usesMaskCache = false
            slow.usesSlices = false
            var text: [UInt8] = []
            for _ in 0..<24 {
                let (fastMask, slowMask) = Self.masks(fast, slow)
                #expect(fastMask == slowMask, "masks differ after \(String(decoding: text, as: UTF8.self).debugDescription)")
                let choices = RealVocabularyTests.walkChoices(in: fastMask, vocabulary: vocabulary)
                guard !choices.isEmpty else { break }
                let choice = RealVocabularyTests.longest(choices[Int(generator.next() % UInt64(choices.count))], orAnyOf: 6,
                                                         drawnFrom: choices, vocabulary: vocabulary, generator: &generator)
                #expect(fast.accept(choice))
                #expect(slow.accept(choice))
                text += vocabulary.tokenBytes[Int(choice)]
            }
            if fast.isComplete {
                #expect((try? JSONValue(parsing: text)) != nil, "complete text does not parse: \(String(decoding: text, as: UTF8.self))")
            }
        }
    }
}
