import Foundation
import Testing
import TestSupport
@testable import LocalInference

/// Input that decides depth or size, at the GGUF reader and the tokenizer (issue #15): a typed
/// error within a second, never a crash, a hang or unbounded memory.
@Suite("Hostile input: GGUF and tokenizer") struct HostileModelFileInputTests {
    func elapsed(_ body: () throws -> Void) rethrows -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        return clock.now - start
    }

    /// A header that claims 2^62 tensors: refused before anything is allocated for them.
    @Test func ggufClaimingTwoToTheSixtySecondTensors() {
        var writer = GGUFTestWriter.sample()
        writer.tensorCountOverride = 1 << 62
        let bytes = writer.build()
        let time = elapsed {
            do {
                _ = try GGUFFile(bytes: bytes)
                Issue.record("2^62 tensors accepted")
            } catch let error as GGUFError {
                #expect(error.kind == .absurdCount)
                #expect(error.reason.contains("\(UInt64(1) << 62)"))
            } catch {
                Issue.record("not a GGUFError: \(error)")
            }
        }
        #expect(time < .seconds(1))
    }

    /// Counts, lengths and offsets at the edges of their integer types.
    @Test(arguments: [UInt64(1) << 62, UInt64.max, UInt64(Int.max), UInt64(Int.max) + 1, 0xFFFF_FFFF])
    func ggufEdgeCounts(_ count: UInt64) {
        var keys = GGUFTestWriter.sample()
        keys.keyValueCountOverride = count
        var dimensions = GGUFTestWriter.sample()
        dimensions.tensors[0].dimensions = [count, count]
        var offsets = GGUFTestWriter.sample()
        offsets.tensors[1].offsetOverride = count
        for bytes in [keys.build(), dimensions.build(), offsets.build()] {
            let time = elapsed { #expect(throws: GGUFError.self) { _ = try GGUFFile(bytes: bytes) } }
            #expect(time < .seconds(1))
        }
    }

    /// 64 KB and 256 KB of one emoji (a single pre-tokenizer chunk): encoding is not quadratic in
    /// the length. The session refuses 10 MB before tokenizing (HostileModelInputTests).
    @Test func longRunOfOneEmojiEncodesInLinearTime() throws {
        let tokenizer = try TestTokenizers.smolLM2()
        let short = String(repeating: "😀", count: 16_000)
        var shortTokens = 0, longTokens = 0
        let shortTime = elapsed { shortTokens = tokenizer.encode(short, addSpecialTokens: false).count }
        let longTime = elapsed { longTokens = tokenizer.encode(short + short + short + short, addSpecialTokens: false).count }
        #expect(shortTokens > 0 && longTokens >= 4 * shortTokens - 4)
        // 4x the text: about 4x the time; a quadratic algorithm would take 16x.
        #expect(longTime < shortTime * 10, "64 KB: \(shortTime), 256 KB: \(longTime)")
    }

    /// Invalid UTF-8 and every special-token spelling, whole, cut and doubled: encoding never
    /// traps and decoding gives text back.
    @Test func invalidUTF8AndSpecialTokenSpellings() throws {
        let tokenizer = try TestTokenizers.smolLM2()
        let invalid = String(decoding: [0xFF, 0xFE, 0xC3, 0x28, 0xE2, 0x82, 0xF0, 0x9F, 0x98, 0x41, 0xED, 0xA0, 0x80], as: UTF8.self)
        _ = tokenizer.decode(tokenizer.encode(invalid, parseSpecial: true))
        let specials = (0..<tokenizer.vocabularySize).compactMap { id -> String? in
            tokenizer.isControl(Int32(id)) ? tokenizer.tokenText(Int32(id)) : nil
        }
        #expect(specials.count == 17)
        for spelling in specials {
            for text in [spelling, String(spelling.dropLast()), String(spelling.dropFirst()), spelling + spelling, "x" + spelling + "y"] {
                let parsed = tokenizer.encode(text, addSpecialTokens: false, parseSpecial: true)
                let plain = tokenizer.encode(text, addSpecialTokens: false, parseSpecial: false)
                #expect(plain.allSatisfy { !tokenizer.isControl($0) }, "\(text) made a control token without parseSpecial")
                #expect(tokenizer.decode(plain) == text)
                _ = tokenizer.decode(parsed)
            }
            #expect(tokenizer.encode(spelling, addSpecialTokens: false, parseSpecial: true).count == 1)
        }
    }

    /// Chat templates are recognised by family, never interpreted: a 1 MB template of nested
    /// Jinja blocks is refused with its excerpt, and a ChatML one with a huge default system
    /// prompt is read in linear time.
    @Test func hostileChatTemplates() throws {
        let nested = String(repeating: "{% if x %}{{ ", count: 80_000)
        let time = elapsed {
            #expect(throws: ChatTemplateError.unrecognized(excerpt: String(nested.prefix(200)))) {
                _ = try ChatTemplate(template: nested)
            }
        }
        #expect(time < .seconds(1))
        let system = String(repeating: "a", count: 1_000_000)
        let chatML = "{{ '<|im_start|>system\\n" + system + "<|im_end|>' }}{% for m in messages %}<|im_start|>{% endfor %}"
        #expect(elapsed { _ = try? ChatTemplate(template: chatML) } < .seconds(2))
    }
}
