import Foundation
import Testing
import TestSupport
@testable import LocalInference

/// Tokenizers built from small synthetic GGUF files: hand-checkable vocabularies and every
/// metadata error.
@Suite("Tokenizer loading") struct TokenizerLoadingTests {
    /// A byte-level vocabulary: the 256 byte characters, then merges "h e" → "he",
    /// "he l" → "hel", "l o" → "lo", "hel lo" → "hello", "Ġ h" → "Ġh".
    static func gpt2Writer(pre: String = "gpt2") -> GGUFTestWriter {
        var tokens = (0..<256).map { byte -> String in
            String(Unicode.Scalar(ByteLevelMapping.scalarForByte[byte])!)
        }
        tokens += ["he", "hel", "lo", "hello", "Ġh", "<|end|>"]
        var writer = GGUFTestWriter()
        writer.add("general.architecture", .string("llama"))
        writer.add("tokenizer.ggml.model", .string("gpt2"))
        writer.add("tokenizer.ggml.pre", .string(pre))
        writer.add("tokenizer.ggml.tokens", .array(.string(tokens)))
        writer.add("tokenizer.ggml.token_type", .array(.int32(Array(repeating: 1, count: 261) + [3])))
        writer.add("tokenizer.ggml.merges", .array(.string(["h e", "he l", "l o", "hel lo", "Ġ h"])))
        writer.add("tokenizer.ggml.eos_token_id", .uint32(261))
        return writer
    }

    static func tokenizer(_ writer: GGUFTestWriter) throws -> Tokenizer {
        try Tokenizer(gguf: GGUFFile(bytes: writer.build()))
    }

    @Test func handBuiltByteLevelBPE() throws {
        let tokenizer = try Self.tokenizer(Self.gpt2Writer())
        // Ids: 0...255 are the bytes' characters, 256 he, 257 hel, 258 lo, 259 hello, 260 Ġh.
        #expect(tokenizer.encode("hello") == [259])        // he, hel, lo, then hello
        #expect(tokenizer.encode("hell") == [257, 108])    // hel + l
        #expect(tokenizer.encode(" h") == [260])           // Ġh
        #expect(tokenizer.encode(" hello") == [32, 259])   // "h e" outranks "Ġ h", so Ġ stays alone
        #expect(tokenizer.encode("hello hello") == [259, 32, 259])
        #expect(tokenizer.decode(tokenizer.encode(" hello world\n")) == " hello world\n")
        #expect(tokenizer.encode("<|end|>", parseSpecial: true) == [261])
        #expect(tokenizer.endOfGenerationTokenIDs == [261])
        #expect(tokenizer.bosTokenID == nil)
    }

    @Test func sentencePieceWithByteFallback() throws {
        // ▁ a b ▁a ab ▁ab <0x00>…<0xFF>: scores favour "▁ab" over "▁a" + "b".
        var tokens = ["<unk>", "<s>", "</s>", "▁", "a", "b", "▁a", "ab", "▁ab"]
        var scores: [Float] = [0, 0, 0, -1, -2, -2, -3, -4, -1]
        var types: [Int32] = [2, 3, 3, 1, 1, 1, 1, 1, 1]
        for byte in 0..<256 {
            tokens.append(String(format: "<0x%02X>", byte))
            scores.append(0)
            types.append(6)
        }
        var writer = GGUFTestWriter()
        writer.add("tokenizer.ggml.model", .string("llama"))
        writer.add("tokenizer.ggml.tokens", .array(.string(tokens)))
        writer.add("tokenizer.ggml.scores", .array(.float32(scores)))
        writer.add("tokenizer.ggml.token_type", .array(.int32(types)))
        let tokenizer = try Self.tokenizer(writer)
        // Defaults for SentencePiece: BOS 1 added, a space prefix added.
        #expect(tokenizer.encode("ab") == [1, 8])
        #expect(tokenizer.encode("ab", addSpecialTokens: false) == [8])
        let c = Int32(9 + Int(UInt8(ascii: "c")))
        #expect(tokenizer.encode("abc", addSpecialTokens: false) == [8, c])   // "c" is not a token: <0x63>
        #expect(tokenizer.decode([8, c]) == "abc")                          // leading space removed
        #expect(tokenizer.encode("é", addSpecialTokens: false) == [3, 9 + 0xC3, 9 + 0xA9])
    }

    private func expectError(_ kind: TokenizerError.Kind, key: String, _ writer: GGUFTestWriter,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try Self.tokenizer(writer)
            Issue.record("expected \(kind) for \(key)", sourceLocation: sourceLocation)
        } catch let error as TokenizerError {
            #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
            #expect(error.key == key, "\(error)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        }
    }

    private func replacing(_ key: String, with value: GGUFValue?, in writer: GGUFTestWriter) -> GGUFTestWriter {
        var writer = writer
        writer.entries.removeAll { if case .value(let k, _) = $0 { return k == key } else { return false } }
        if let value { writer.add(key, value) }
        return writer
    }

    @Test func metadataErrorsNameTheKey() {
        let base = Self.gpt2Writer()
        expectError(.missingKey, key: "tokenizer.ggml.model", replacing("tokenizer.ggml.model", with: nil, in: base))
        expectError(.unsupportedModel, key: "tokenizer.ggml.model", replacing("tokenizer.ggml.model", with: .string("bert"), in: base))
        expectError(.missingKey, key: "tokenizer.ggml.tokens", replacing("tokenizer.ggml.tokens", with: nil, in: base))
        expectError(.missingKey, key: "tokenizer.ggml.tokens", replacing("tokenizer.ggml.tokens", with: .array(.int32([1])), in: base))
        expectError(.invalidValue, key: "tokenizer.ggml.tokens", replacing("tokenizer.ggml.tokens", with: .array(.string([])), in: base))
        expectError(.invalidValue, key: "tokenizer.ggml.token_type", replacing("tokenizer.ggml.token_type", with: .array(.int32([1, 1])), in: base))
        expectError(.invalidValue, key: "tokenizer.ggml.token_type",
                    replacing("tokenizer.ggml.token_type", with: .array(.int32(Array(repeating: 9, count: 262))), in: base))
        expectError(.unsupportedPreTokenizer, key: "tokenizer.ggml.pre", replacing("tokenizer.ggml.pre", with: .string("klingon"), in: base))
        expectError(.missingKey, key: "tokenizer.ggml.merges", replacing("tokenizer.ggml.merges", with: nil, in: base))
        expectError(.invalidValue, key: "tokenizer.ggml.merges", replacing("tokenizer.ggml.merges", with: .array(.string(["nospace"])), in: base))
        expectError(.invalidValue, key: "tokenizer.ggml.eos_token_id", replacing("tokenizer.ggml.eos_token_id", with: .uint32(262), in: base))
        expectError(.invalidValue, key: "tokenizer.ggml.eos_token_id", replacing("tokenizer.ggml.eos_token_id", with: .string("2"), in: base))
        expectError(.invalidValue, key: "tokenizer.ggml.add_bos_token", replacing("tokenizer.ggml.add_bos_token", with: .uint8(1), in: base))
        var spm = replacing("tokenizer.ggml.model", with: .string("llama"), in: base)
        spm = replacing("tokenizer.ggml.scores", with: .array(.float32([0])), in: spm)
        expectError(.invalidValue, key: "tokenizer.ggml.scores", spm)
    }

    @Test(arguments: ["gpt2", "smollm", "llama-bpe", "qwen2", "default", "starcoder"])
    func everyPreTokenizerRoundTrips(_ pre: String) throws {
        let tokenizer = try Self.tokenizer(Self.gpt2Writer(pre: pre))
        for text in TokenizerFixtures.smolLM2.map(\.text) where !text.contains("<|end|>") {
            #expect(tokenizer.decode(tokenizer.encode(text)) == text, "\(pre): \(text.debugDescription)")
        }
    }
}
