import Foundation
import Synchronization
import Testing
import TestSupport
@testable import LocalInference

/// One string tokenized by llama.cpp (scripts/fixtures/make_tokenizer_fixtures.py).
struct TokenizerFixtureCase: Decodable, Sendable, CustomTestStringConvertible {
    var text: String
    var ids: [Int32]
    var ids_special: [Int32]
    var ids_plain: [Int32]
    var roundtrip: Bool
    var testDescription: String { text.debugDescription }
}

enum TokenizerFixtures {
    static func load(_ name: String) -> [TokenizerFixtureCase] {
        struct File: Decodable { var cases: [TokenizerFixtureCase] }
        guard let url = Bundle.module.url(forResource: "tokenizer-\(name)", withExtension: "json", subdirectory: "Fixtures"),
              let data = try? Data(contentsOf: url),
              let file = try? JSONDecoder().decode(File.self, from: data) else { return [] }
        return file.cases
    }

    static let smolLM2 = load("smollm2")
    static let gemma3 = load("gemma3")
    /// SmolLM2's vocabulary with `tokenizer.ggml.pre` set to each of these.
    static let preTokenizerVariants = ["gpt-2", "llama-bpe", "qwen2", "default"]
    /// Gemma's vocabulary with `add_space_prefix` on, as Llama 2 style SentencePiece models have it.
    static let gemma3SpacePrefix = load("gemma3-space-prefix")
    static let variants: [String: [TokenizerFixtureCase]] = Dictionary(
        uniqueKeysWithValues: preTokenizerVariants.map { ($0, load("smollm2-pre-\($0)")) })
}

/// Tokenizers built once per test process from the real model files.
enum TestTokenizers {
    static func smolLM2() throws -> Tokenizer { try cached(TestModels.smolLM2) }
    static func gemma3() throws -> Tokenizer { try cached(TestModels.gemma3) }

    /// A model's tokenizer metadata in a tensor-less in-memory GGUF with some values replaced
    /// (the fixture script builds the same files for llama.cpp).
    static func variant(of model: String, overriding overrides: [String: GGUFValue]) throws -> Tokenizer {
        let source = try TestModels.file(model)
        var writer = GGUFTestWriter()
        for (key, value) in source.metadata.entries {
            writer.add(key, overrides[key] ?? value)
        }
        return try Tokenizer(gguf: GGUFFile(bytes: writer.build()))
    }

    private static func cached(_ name: String) throws -> Tokenizer {
        let file = try TestModels.file(name)
        return try cache.withLock { tokenizers in
            if let tokenizer = tokenizers[name] { return tokenizer }
            let tokenizer = try Tokenizer(gguf: file)
            tokenizers[name] = tokenizer
            return tokenizer
        }
    }

    private static let cache = Mutex<[String: Tokenizer]>([:])
}

@Suite("Tokenizer matches llama.cpp") struct TokenizerFixtureTests {
    @Test func fixturesArePresent() {
        #expect(TokenizerFixtures.smolLM2.count >= 200)
        #expect(TokenizerFixtures.gemma3.count >= 200)
        #expect(TokenizerFixtures.gemma3SpacePrefix.count >= 200)
        for pre in TokenizerFixtures.preTokenizerVariants {
            #expect(TokenizerFixtures.variants[pre]?.count ?? 0 >= 200, "\(pre)")
        }
    }

    /// The GPT-2, Llama 3 and Qwen2 scanners, on SmolLM2's vocabulary.
    @Test(arguments: TokenizerFixtures.preTokenizerVariants)
    func preTokenizerVariant(_ pre: String) throws {
        let tokenizer = try TestTokenizers.variant(of: TestModels.smolLM2, overriding: ["tokenizer.ggml.pre": .string(pre)])
        for fixture in TokenizerFixtures.variants[pre] ?? [] {
            try check(fixture, tokenizer)
        }
    }

    @Test(arguments: TokenizerFixtures.smolLM2)
    func smolLM2(_ fixture: TokenizerFixtureCase) throws {
        try check(fixture, try TestTokenizers.smolLM2())
    }

    @Test(arguments: TokenizerFixtures.gemma3)
    func gemma3(_ fixture: TokenizerFixtureCase) throws {
        try check(fixture, try TestTokenizers.gemma3())
    }

    @Test func sentencePieceWithSpacePrefix() throws {
        let tokenizer = try TestTokenizers.variant(of: TestModels.gemma3, overriding: ["tokenizer.ggml.add_space_prefix": .bool(true)])
        for fixture in TokenizerFixtures.gemma3SpacePrefix {
            try check(fixture, tokenizer)
            // llama.cpp's detokenizer removes the prefix space again.
            #expect(tokenizer.decode(fixture.ids_plain) == tokenizer.decode(fixture.ids_plain, skipSpecial: true))
        }
        #expect(tokenizer.decode(tokenizer.encode("Hello world", addSpecialTokens: false)) == "Hello world")
    }

    private func check(_ fixture: TokenizerFixtureCase, _ tokenizer: Tokenizer,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(tokenizer.encode(fixture.text) == fixture.ids, "addSpecialTokens: \(fixture.text.debugDescription)", sourceLocation: sourceLocation)
        #expect(tokenizer.encode(fixture.text, parseSpecial: true) == fixture.ids_special, "parseSpecial: \(fixture.text.debugDescription)", sourceLocation: sourceLocation)
        #expect(tokenizer.encode(fixture.text, addSpecialTokens: false) == fixture.ids_plain, "plain: \(fixture.text.debugDescription)", sourceLocation: sourceLocation)
        if fixture.roundtrip {
            #expect(tokenizer.decode(fixture.ids_plain) == fixture.text, "round trip: \(fixture.text.debugDescription)", sourceLocation: sourceLocation)
        }
    }
}
