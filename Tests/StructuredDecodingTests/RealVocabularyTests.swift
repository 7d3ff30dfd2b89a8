import Foundation
import JSONSchemaValidation
import LocalInference
import Testing
@testable import StructuredDecoding

/// The grammar layer on the default model's real vocabulary and tokenizer.
@Suite("RealVocabulary") struct RealVocabularyTests {
    static func tokenizer() throws -> Tokenizer {
        let directory = ProcessInfo.processInfo.environment["FM_MODELS_DIR"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/fm/models").path
        let path = directory + "/SmolLM2-135M-Instruct.Q4_1.gguf"
        try #require(FileManager.default.fileExists(atPath: path), "model file \(path) is missing: run scripts/fetch-models.sh")
        return try Tokenizer(gguf: GGUFFile(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func tokenizedValuesPassTheMaskAndInvalidOnesDoNot() throws {
        let tokenizer = try Self.tokenizer()
        var bytes: [[UInt8]] = []
        var special = Set<Int32>()
        for id in 0..<Int32(tokenizer.vocabularySize) {
            bytes.append(tokenizer.tokenBytes(id))
            if tokenizer.isControl(id) { special.insert(id) }
        }
        let vocabulary = TokenVocabulary(tokenBytes: bytes, specialTokenIDs: special,
                                         endOfGenerationTokenIDs: tokenizer.endOfGenerationTokenIDs)
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
