import Foundation
import Synchronization
import Testing
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
}

/// Tokenizers built once per test process from the real model files.
enum TestTokenizers {
    static func smolLM2() throws -> Tokenizer { try cached(TestModels.smolLM2) }
    static func gemma3() throws -> Tokenizer { try cached(TestModels.gemma3) }

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
    }

    @Test(arguments: TokenizerFixtures.smolLM2)
    func smolLM2(_ fixture: TokenizerFixtureCase) throws {
        try check(fixture, try TestTokenizers.smolLM2())
    }

    @Test(arguments: TokenizerFixtures.gemma3)
    func gemma3(_ fixture: TokenizerFixtureCase) throws {
        try check(fixture, try TestTokenizers.gemma3())
    }

    private func check(_ fixture: TokenizerFixtureCase, _ tokenizer: Tokenizer,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(tokenizer.encode(fixture.text) == fixture.ids, "addSpecialTokens", sourceLocation: sourceLocation)
        #expect(tokenizer.encode(fixture.text, parseSpecial: true) == fixture.ids_special, "parseSpecial", sourceLocation: sourceLocation)
        #expect(tokenizer.encode(fixture.text, addSpecialTokens: false) == fixture.ids_plain, "plain", sourceLocation: sourceLocation)
        if fixture.roundtrip {
            #expect(tokenizer.decode(fixture.ids_plain) == fixture.text, "round trip", sourceLocation: sourceLocation)
        }
    }
}
