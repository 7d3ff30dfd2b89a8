import Foundation
import Testing
@testable import LocalInference
import TestSupport

@Suite("Tokenizer") struct TokenizerTests {
    @Test func smolLM2SpecialTokens() throws {
        let tokenizer = try TestTokenizers.smolLM2()
        #expect(tokenizer.vocabularySize == 49152)
        #expect(tokenizer.bosTokenID == 1 && tokenizer.eosTokenID == 2)
        // llama.cpp's end-of-generation set: <|im_end|>, <|endoftext|>, and <reponame> (FIM repo).
        #expect(tokenizer.endOfGenerationTokenIDs == [0, 2, 4])
        #expect((0..<49152).filter { tokenizer.isControl(Int32($0)) }.count == 17)
        #expect(tokenizer.isControl(2) && !tokenizer.isControl(17) && !tokenizer.isControl(-1) && !tokenizer.isControl(1 << 30))
        #expect(tokenizer.encode("Hi") == [26843])   // no BOS: add_bos_token is false for SmolLM2
        if case .byteLevelBPE(let bpe) = tokenizer.model {
            #expect(bpe.byteTokens.filter { $0 < 0 }.count == 21)
        }
    }

    @Test func gemma3SpecialTokens() throws {
        let tokenizer = try TestTokenizers.gemma3()
        #expect(tokenizer.vocabularySize == 262_144)
        #expect(tokenizer.bosTokenID == 2 && tokenizer.eosTokenID == 1)
        // <eos>, <end_of_turn>, and </s>, which llama.cpp makes a control token by its text.
        #expect(tokenizer.endOfGenerationTokenIDs == [1, 106, 212])
        #expect((0..<262_144).filter { tokenizer.isControl(Int32($0)) }.count == 6250)
        #expect(tokenizer.encode("Hi").first == 2)
    }

    @Test func tokenBytesUndoTheVocabularySpelling() throws {
        let smol = try TestTokenizers.smolLM2()
        let hello = try #require(smol.tokenID(forText: "Ġhello"))
        #expect(smol.tokenBytes(hello) == Array(" hello".utf8))
        let newline = try #require(smol.tokenID(forText: "Ċ"))
        #expect(smol.tokenBytes(newline) == [0x0A])
        #expect(smol.tokenBytes(2).isEmpty)                    // control
        #expect(smol.tokenBytes(-5).isEmpty && smol.tokenBytes(49152).isEmpty)
        #expect(smol.tokenText(2) == "<|im_end|>")

        let gemma = try TestTokenizers.gemma3()
        let byte = try #require(gemma.tokenID(forText: "<0x41>"))
        #expect(gemma.tokenBytes(byte) == [0x41])
        let word = try #require(gemma.tokenID(forText: "▁hello"))
        #expect(gemma.tokenBytes(word) == Array(" hello".utf8))
        #expect(gemma.tokenBytes(107) == [0x0A])              // user-defined "\n"
        #expect(gemma.tokenBytes(106).isEmpty)                // <end_of_turn>
        // Canonically equivalent spellings are different tokens: lookups compare bytes.
        #expect(gemma.tokenID(forText: "é") != gemma.tokenID(forText: "e\u{301}"))
    }

    @Test func decodeWritesOrSkipsControlTokens() throws {
        let smol = try TestTokenizers.smolLM2()
        let ids = smol.encode("<|im_start|>user\nHi<|im_end|>", parseSpecial: true)
        #expect(smol.decode(ids) == "<|im_start|>user\nHi<|im_end|>")
        #expect(smol.decode(ids, skipSpecial: true) == "user\nHi")
        #expect(smol.decode([-1, 1 << 30]) == "")
        let gemma = try TestTokenizers.gemma3()
        #expect(gemma.decode(gemma.encode("Hello world")) == "<bos>Hello world")
        #expect(gemma.decode(gemma.encode("Hello world"), skipSpecial: true) == "Hello world")
    }

    @Test func streamingMatchesWholeDecodeOnEveryFixture() throws {
        for (tokenizer, fixtures) in [(try TestTokenizers.smolLM2(), TokenizerFixtures.smolLM2),
                                      (try TestTokenizers.gemma3(), TokenizerFixtures.gemma3)] {
            for fixture in fixtures {
                var stream = StreamingDetokenizer(tokenizer: tokenizer)
                var text = ""
                for id in fixture.ids_plain {
                    let piece = stream.append(id)
                    if fixture.roundtrip { #expect(!piece.contains("\u{FFFD}") || fixture.text.contains("\u{FFFD}"), "\(fixture.text.debugDescription)") }
                    text += piece
                }
                text += stream.finish()
                #expect(text == tokenizer.decode(fixture.ids_plain, skipSpecial: true), "\(fixture.text.debugDescription)")
            }
        }
    }

    @Test func streamingHoldsBackSplitCharacters() throws {
        let gemma = try TestTokenizers.gemma3()
        let bytes: [Int32] = try [0xF0, 0x9F, 0x98, 0x80].map { byte in
            try #require(gemma.tokenID(forText: String(format: "<0x%02X>", byte)))
        }
        var stream = StreamingDetokenizer(tokenizer: gemma)
        #expect(stream.append(bytes[0]) == "")
        #expect(stream.append(bytes[1]) == "")
        #expect(stream.append(bytes[2]) == "")
        #expect(stream.append(bytes[3]) == "😀")
        #expect(stream.append(bytes[0]) == "")
        #expect(stream.finish() == "\u{FFFD}")
        #expect(stream.finish() == "")
    }

    @Test(arguments: [
        ([UInt8](), 0), ([0x41], 1), ([0x41, 0xE2], 1), ([0x41, 0xE2, 0x96], 1), ([0xE2, 0x96, 0x81], 3),
        ([0xF0, 0x9F, 0x98], 0), ([0x80, 0x80], 2), ([0xFF], 1), ([0xC0], 1), ([0x41, 0x80, 0x80, 0x80, 0x80], 5),
    ])
    func completePrefixLength(_ bytes: [UInt8], _ expected: Int) {
        #expect(StreamingDetokenizer.completePrefixLength(bytes) == expected)
    }

    @Test func longUnbrokenInputsStayFastAndRoundTrip() throws {
        let long = String(repeating: "a", count: 100_000) + String(repeating: "한", count: 20_000) + String(repeating: "😀", count: 5_000)
        for tokenizer in [try TestTokenizers.smolLM2(), try TestTokenizers.gemma3()] {
            let ids = tokenizer.encode(long, addSpecialTokens: false)
            #expect(tokenizer.decode(ids) == long)
            #expect(ids.count < long.utf8.count / 2)
        }
    }

    /// Every position of a whitespace run starts many user-defined tokens (Gemma has "\n" …
    /// 31 newlines, "  " … 31 spaces, tabs); the longest tile the run, as in llama.cpp.
    @Test func longWhitespaceRunsUseTheLongestUserDefinedTokens() throws {
        let gemma = try TestTokenizers.gemma3()
        #expect(gemma.encode(String(repeating: "\n", count: 1000), addSpecialTokens: false) == Array(repeating: 137, count: 32) + [114])
        // Expected ids from llama-cpp-python 0.3.36.
        #expect(gemma.encode("x" + String(repeating: " ", count: 100) + String(repeating: "\t", count: 40) + "<b></b>",
                             addSpecialTokens: false, parseSpecial: true)
                == [236781, 167, 167, 167, 143, 255998, 255976, 200, 209])
        let huge = String(repeating: "\n", count: 50_000) + String(repeating: " ", count: 50_000)
        #expect(gemma.encode(huge, addSpecialTokens: false).count == 50_000 / 31 + 1 + 50_000 / 31 + 1)
    }

    @Test func encodingIsThreadSafe() async throws {
        let tokenizer = try TestTokenizers.smolLM2()
        let texts = TokenizerFixtures.smolLM2.map(\.text)
        let expected = texts.map { tokenizer.encode($0, parseSpecial: true) }
        let results = await withTaskGroup(of: [[Int32]].self) { group in
            for _ in 0..<4 { group.addTask { texts.map { tokenizer.encode($0, parseSpecial: true) } } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for result in results { #expect(result == expected) }
    }
}

@Suite("Tokenizer on random text") struct TokenizerRandomTextTests {
    /// Random strings over all of Unicode (unassigned, private use, combining marks, controls,
    /// emoji) plus the characters the scanners branch on. With special-token parsing off, any
    /// text whose every byte has a byte token decodes back exactly. (SmolLM2's byte-level
    /// vocabulary lacks 21 of the 256 byte tokens; llama.cpp drops those bytes, and so do we.
    /// SentencePiece spells a space "▁", so a literal "▁" decodes as a space, as in llama.cpp.)
    static func randomStrings(count: Int, seed: UInt64) -> [String] {
        var random = SeededRandom(seed: seed)
        let interesting: [Unicode.Scalar] = [" ", " ", "\n", "\r", "\t", "'", "s", "L", "1", "²", "\u{301}", "\u{A0}",
                                             "\u{3000}", "한", "😀", "<", ">", "|", "▁", "Ġ", "\u{0}", "\u{FEFF}"]
        return (0..<count).map { _ in
            var text = String.UnicodeScalarView()
            for _ in 0..<(1 + random.next() % 40) {
                if random.next() % 3 == 0 {
                    text.append(interesting[Int(random.next() % UInt64(interesting.count))])
                } else {
                    let value = UInt32(truncatingIfNeeded: random.next() % (random.next() % 2 == 0 ? 0x80 : 0x11_0000))
                    text.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                }
            }
            return String(text)
        }
    }

    @Test func decodeInvertsEncodeOnRandomText() throws {
        let strings = Self.randomStrings(count: 1500, seed: 42)
        for tokenizer in [try TestTokenizers.smolLM2(), try TestTokenizers.gemma3()] {
            var missingBytes = Set<UInt8>()
            var isSentencePiece = false
            switch tokenizer.model {
            case .byteLevelBPE(let bpe): missingBytes = Set((0..<256).filter { bpe.byteTokens[$0] < 0 }.map(UInt8.init))
            case .sentencePiece: isSentencePiece = true
            }
            var checked = 0
            for text in strings {
                let ids = tokenizer.encode(text, addSpecialTokens: false)
                #expect(ids.allSatisfy { $0 >= 0 && Int($0) < tokenizer.vocabularySize })
                if text.utf8.contains(where: missingBytes.contains) || (isSentencePiece && text.unicodeScalars.contains("▁")) { continue }
                checked += 1
                #expect(tokenizer.decode(ids) == text, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
                _ = tokenizer.encode(text, parseSpecial: true)   // must not crash either
            }
            #expect(checked > strings.count / 10)
        }
    }
}
