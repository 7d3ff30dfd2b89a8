import Foundation
import JSONSchemaValidation
import LocalInference
import Testing
@testable import StructuredDecoding
import TestSupport

/// The grammar layer on the default model's real vocabulary and tokenizer.
@Suite("RealVocabulary") struct RealVocabularyTests {
    static func tokenizer() throws -> Tokenizer {
        let directory = ProcessInfo.processInfo.environment["FM_MODELS_DIR"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/fm/models").path
        let path = directory + "/SmolLM2-135M-Instruct.Q4_1.gguf"
        try #require(FileManager.default.fileExists(atPath: path), "model file \(path) is missing: run scripts/fetch-models.sh")
        return try Tokenizer(gguf: GGUFFile(contentsOf: URL(fileURLWithPath: path)))
    }

    static func vocabulary(_ tokenizer: Tokenizer) -> TokenVocabulary {
        var bytes: [[UInt8]] = []
        var special = Set<Int32>()
        for id in 0..<Int32(tokenizer.vocabularySize) {
            bytes.append(tokenizer.tokenBytes(id))
            if tokenizer.isControl(id) { special.insert(id) }
        }
        return TokenVocabulary(tokenBytes: bytes, specialTokenIDs: special,
                               endOfGenerationTokenIDs: tokenizer.endOfGenerationTokenIDs)
    }

    /// The tokens a random walk may take under `mask`: the allowed ids but the end-of-generation
    /// tokens, which would end the walk.
    static func walkChoices(in mask: [UInt64], vocabulary: TokenVocabulary) -> [Int32] {
        var choices: [Int32] = []
        for (word, bits) in mask.enumerated() where bits != 0 {
            for bit in 0..<64 where bits & (1 << UInt64(bit)) != 0 { choices.append(Int32(word * 64 + bit)) }
        }
        choices.removeAll { vocabulary.endOfGenerationTokenIDs.contains($0) }
        return choices
    }

    /// `choice`, or the longest (in bytes) of `draws` more random picks from `choices` when one
    /// is longer: walks that prefer long tokens reach length bounds and token-spanning choices.
    static func longest(_ choice: Int32, orAnyOf draws: Int, drawnFrom choices: [Int32], vocabulary: TokenVocabulary,
                        generator: inout SeededRandom) -> Int32 {
        var choice = choice
        for _ in 0..<draws {
            let other = choices[Int(generator.next() % UInt64(choices.count))]
            if vocabulary.tokenBytes[Int(other)].count > vocabulary.tokenBytes[Int(choice)].count { choice = other }
        }
        return choice
    }

    /// On the real vocabulary (plain tokens up to dozens of characters, UTF-8 pieces, tokens
    /// that close a string and go on), masks built from the plain-text bounds, slices and
    /// per-length bitmasks equal the plain full trie walk, along random walks that prefer long
    /// tokens so `maxLength` strings run out.
    @Test(arguments: [
        #"{"type":"object","properties":{"id":{"type":"string","maxLength":7},"note":{"type":"string","maxLength":30},"tags":{"type":"array","items":{"type":"string","maxLength":3}}}}"#,
        #"{"type":"object","properties":{"name":{"type":"string"},"nickname":{"anyOf":[{"type":"string","maxLength":4},{"type":"null"}]}},"additionalProperties":{"type":"string","minLength":2}}"#,
    ])
    func boundedMasksEqualTheFullWalk(schemaText: String) throws {
        let tokenizer = try Self.tokenizer()
        let vocabulary = Self.vocabulary(tokenizer)
        let grammar = try GrammarCompiler(vocabulary: vocabulary).compile(jsonSchema: try JSONValue(parsing: schemaText))
        var generator = SeededRandom(seed: 3)
        for _ in 0..<3 {
            let fast = GrammarMatcher(grammar: grammar)
            let slow = GrammarMatcher(grammar: grammar)
            slow.usesMaskCache = false
            slow.usesSlices = false
            for _ in 0..<14 {
                var fastMask: [UInt64] = [], slowMask: [UInt64] = []
                fast.fillAllowedTokens(into: &fastMask)
                slow.fillAllowedTokens(into: &slowMask)
                #expect(fastMask == slowMask)
                let choices = Self.walkChoices(in: fastMask, vocabulary: vocabulary)
                guard !choices.isEmpty else { break }
                // Half the time the longest of a few random picks, to use up length bounds.
                var choice = choices[Int(generator.next() % UInt64(choices.count))]
                if generator.next() % 2 == 0 {
                    choice = Self.longest(choice, orAnyOf: 8, drawnFrom: choices, vocabulary: vocabulary, generator: &generator)
                }
                #expect(fast.accept(choice))
                #expect(slow.accept(choice))
            }
        }
    }

    @Test func tokenizedValuesPassTheMaskAndInvalidOnesDoNot() throws {
        let tokenizer = try Self.tokenizer()
        let vocabulary = Self.vocabulary(tokenizer)
        let compiler = GrammarCompiler(vocabulary: vocabulary)
        let schema = try JSONValue(parsing: #"""
            {"type":"object","properties":{"title":{"type":"string","maxLength":40},"servings":{"type":"integer","minimum":1,"maximum":12},
             "tags":{"type":"array","items":{"enum":["quick","vegan","sweet"]}},"date":{"type":"string","format":"date"}},
             "required":["title","servings"],"additionalProperties":false}
            """#)
        let grammar = try compiler.compile(jsonSchema: schema)
        let end = try #require(vocabulary.endOfGenerationTokenIDs.min())

        func passes(_ text: String) -> Bool {
            let matcher = GrammarMatcher(grammar: grammar)
            var mask: [UInt64] = []
            for token in tokenizer.encode(text, addSpecialTokens: false) + [end] {
                matcher.fillAllowedTokens(into: &mask)
                guard mask[Int(token) >> 6] & (1 << UInt64(token & 63)) != 0 else { return false }
                guard matcher.accept(token) else { return false }
            }
            return true
        }
        #expect(passes(#"{"title":"Crêpes au sucre","servings":4,"tags":["quick","sweet"],"date":"2024-02-29"}"#))
        #expect(passes(#"{"title":"Tea","servings":1}"#))
        #expect(!passes(#"{"title":"Tea","servings":13}"#))
        #expect(!passes(#"{"servings":2,"title":"Tea"}"#))
        #expect(!passes(#"{"title":"Tea","servings":2,"tags":["spicy"]}"#))
        #expect(!passes(#"{"title":"Tea","servings":2,"date":"2023-02-29"}"#))
        #expect(!passes(#"{"title":"Tea","servings":2"#))
    }
}
