import Foundation
import Testing
@testable import FoundationModels
import TestSupport

@Suite("LanguageIdentifier")
struct LanguageIdentifierTests {
    let identifier = LanguageIdentifier()

    struct LabelledSentence: Decodable {
        var language: String
        var text: String
    }

    /// `Fixtures/Language/evaluation.jsonl`: sentences written for this test (not taken from
    /// any corpus and not used to write the profiles), at least 20 characters each, on varied
    /// topics, keyed by BCP 47 code.
    static func evaluationSet() throws -> [String: [String]] {
        var sentences: [String: [String]] = [:]
        for row in try LabelledFixtures.rows("Language/evaluation", as: LabelledSentence.self) {
            sentences[row.language, default: []].append(row.text)
        }
        return sentences
    }

    @Test func evaluationSetAccuracy() throws {
        let evaluationSet = try Self.evaluationSet()
        var correct = 0
        var total = 0
        var lines: [String] = []
        var confusions: [String] = []
        for code in evaluationSet.keys.sorted() {
            let sentences = evaluationSet[code] ?? []
            #expect(sentences.count >= 40, "\(code) has \(sentences.count) sentences")
            var right = 0
            for sentence in sentences {
                #expect(sentence.count >= 20, "shorter than 20 characters: \(sentence)")
                let guess = identifier.identify(sentence)
                if guess?.code == code {
                    right += 1
                } else {
                    confusions.append("  \(code) -> \(guess?.description ?? "nil"): \(sentence)")
                }
            }
            correct += right
            total += sentences.count
            let percent = String(format: "%.1f", 100 * Double(right) / Double(sentences.count))
            lines.append("  \(code): \(right)/\(sentences.count) = \(percent)%")
        }
        let accuracy = Double(correct) / Double(total)
        print("LanguageIdentifier accuracy per language:\n" + lines.joined(separator: "\n"))
        print("LanguageIdentifier overall: \(correct)/\(total) = \(String(format: "%.2f", accuracy * 100))%")
        if !confusions.isEmpty { print("Misidentified:\n" + confusions.joined(separator: "\n")) }
        #expect(evaluationSet.count >= 16)
        #expect(accuracy >= 0.95)
    }

    @Test(arguments: [
        ("서울과 부산의 내일 날씨를 알려 주세요.", "ko"),
        ("東京タワーの近くでおいしいラーメンを食べました。", "ja"),
        ("北京今天的空气质量怎么样？", "zh"),
        ("Москва — столица России.", "ru"),
        ("مرحبا بكم في المدينة القديمة", "ar"),
        ("मुझे हिंदी फिल्में बहुत पसंद हैं", "hi"),
        ("วันนี้อากาศร้อนมากเลย", "th"),
        ("The weather is lovely today.", "en"),
    ])
    func scriptDecidesLanguage(text: String, expected: String) {
        #expect(identifier.identify(text)?.code == expected)
    }

    @Test func kanjiOnlySentenceInJapaneseTextIsJapanese() {
        // "東京都庁" alone is Han; the kana elsewhere in the text makes it Japanese.
        let languages = identifier.dominantLanguages(in: "東京都庁。今日は晴れです。")
        #expect(languages.map(\.code) == ["ja"])
    }

    @Test(arguments: ["", "   ", "12345 67.89", "🙂🎉👍", "!!! ??? ...", "\u{7}\u{1B}\u{7F}"])
    func textWithoutLettersHasNoLanguage(text: String) {
        #expect(identifier.identify(text) == nil)
        #expect(identifier.dominantLanguages(in: text).isEmpty)
    }

    @Test func mixedTextReportsSharesLargestFirst() {
        let text = "This paragraph is written in English and talks about the weather. "
            + "Ce paragraphe est écrit en français."
        let languages = identifier.dominantLanguages(in: text)
        #expect(languages.map(\.code) == ["en", "fr"])
        let total = languages.map(\.share).reduce(0, +)
        #expect(total <= 1.0001 && total > 0.9)
        #expect(languages[0].share > languages[1].share)
    }

    @Test func sourceCodeIsUndetermined() {
        let code = "let total = orders.reduce(0) { $0 + $1.amountInCents }"
        #expect(identifier.dominantLanguages(in: code).isEmpty)
        #expect(identifier.measure(code).units[LanguageIdentifier.undetermined, default: 0] > 0)
    }

    @Test func arbitraryScalarsNeverCrash() {
        var generator = SeededRandom(seed: 0x5EED)
        for _ in 0..<300 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int(generator.next() % 80) {
                let value = UInt32(generator.next() % 0x30000)
                if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
            }
            let text = String(scalars)
            if let guess = identifier.identify(text) {
                #expect((0...1).contains(guess.confidence))
            }
            for entry in identifier.dominantLanguages(in: text) {
                #expect(entry.share > 0 && entry.share <= 1.0001)
            }
            _ = identifier.unsupportedLanguage(in: [text], supported: ["en"])
        }
    }
}

