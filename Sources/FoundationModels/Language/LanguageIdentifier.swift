/// Identifies the language of text, sentence by sentence, from its script and, for
/// Latin-script text, from function words and characteristic letter sequences.
///
/// Script decides most languages outright (Hangul is Korean, kana Japanese, Cyrillic Russian,
/// Arabic script Arabic, Devanagari Hindi, Thai script Thai). Han characters count as Japanese
/// when the text contains kana anywhere, as Korean inside mostly-Hangul sentences, and as
/// Chinese otherwise. Latin-script sentences go to `LatinLanguageClassifier`.
///
/// Amounts of text are measured in approximate words, so that mixed text is weighed fairly:
/// a Korean name in an English sentence is one word among ten, and a twelve-character Chinese
/// comment is about seven words. Lines that look like source code contribute their Latin
/// words as undetermined (`"und"`), never as a language.
///
/// ```swift
/// let identifier = LanguageIdentifier()
/// identifier.identify("서울과 부산의 날씨를 알려 주세요.")  // ko
/// identifier.dominantLanguages(in: "Hello there. Bonjour à tous, mes amis.")
/// // [("fr", 0.6), ("en", 0.4)]
/// ```
///
/// - Note: Linear in the length of the text; no model, no allocation beyond per-sentence
///   buffers. Safe to call on every prompt.
package struct LanguageIdentifier: Sendable {
    /// The code reported for text whose language cannot be determined (code, names, numbers).
    package static let undetermined = "und"

    let latin: LatinLanguageClassifier

    /// Cheap: the Latin-script tables are built once per process and shared.
    package init() {
        self.latin = LatinLanguageClassifier.standard
    }

    /// The most likely language of `text`, or `nil` when it has no letters or no determinable
    /// language.
    ///
    /// - parameter text: Any text; mixed-language text yields the language with most words.
    /// - returns: A BCP-47 language subtag and a confidence in `0...1`.
    package func identify(_ text: String) -> LanguageGuess? {
        let measurement = measure(text)
        if let top = measurement.ranked.first {
            return LanguageGuess(code: top.code, confidence: top.share * top.confidence)
        }
        // Nothing determined with confidence: fall back to the Latin classifier's best guess
        // over the whole text, at reduced confidence.
        let result = latin.classify(text)
        guard let code = result.bestCode else { return nil }
        return LanguageGuess(code: code, confidence: result.confidence * 0.5)
    }

    /// The languages of `text` with the share of its words each accounts for, largest first.
    ///
    /// Shares are fractions of all words, including undetermined ones (code, names), so they
    /// add up to less than 1 when part of the text has no determinable language.
    package func dominantLanguages(in text: String) -> [(code: String, share: Double)] {
        measure(text).ranked.map { (code: $0.code, share: $0.share) }
    }

    /// Per-language word counts for `text`.
    package func measure(_ text: String) -> LanguageMeasurement {
        var measurement = LanguageMeasurement()
        let hasKana = text.unicodeScalars.contains { scalar in
            let script = WritingScript(scalar)
            return script == .hiragana || script == .katakana
        }
        for sentence in Self.sentences(in: text) {
            measureSentence(sentence, hasKana: hasKana, into: &measurement)
        }
        return measurement
    }

    private func measureSentence(_ sentence: Substring, hasKana: Bool, into measurement: inout LanguageMeasurement) {
        var letters: [WritingScript: Int] = [:]
        var words: [WritingScript: Int] = [:]
        var latinText = String.UnicodeScalarView()
        var codeSignals = 0
        var previousScript: WritingScript?
        var previousScalar: Unicode.Scalar = " "
        for scalar in sentence.unicodeScalars {
            let script = WritingScript(scalar)
            if let script {
                letters[script, default: 0] += 1
                if script != previousScript { words[script, default: 0] += 1 }
                if script == .latin {
                    latinText.append(scalar)
                    // camelCase: a capital right after a lower-case Latin letter.
                    if previousScript == .latin, scalar.properties.isUppercase, previousScalar.properties.isLowercase {
                        codeSignals += 1
                    }
                } else {
                    latinText.append(" ")
                }
            } else {
                latinText.append(scalar)
                if Self.codeSymbols.contains(scalar) { codeSignals += 1 }
                if scalar == ".", previousScript == .latin { codeSignals += 1 }  // member access or sentence end
            }
            // Apostrophes and combining marks continue a word.
            let continuesWord = scalar == "'" || scalar == "\u{2019}"
                || scalar.properties.generalCategory == .nonspacingMark
                || scalar.properties.generalCategory == .spacingMark
            if !continuesWord { previousScript = script }
            previousScalar = scalar
        }
        guard !letters.isEmpty else { return }

        let hangul = letters[.hangul] ?? 0
        for (script, count) in letters {
            switch script {
            case .latin:
                let latinLetters = Double(count)
                let units = Double(words[.latin] ?? 0)
                // A sentence-final period also counted as a signal; discount one.
                let looksLikeCode = Double(max(codeSignals - 1, 0)) * 6 >= latinLetters && codeSignals >= 3
                if looksLikeCode {
                    measurement.add(Self.undetermined, units: units, confidence: 0)
                } else {
                    let result = latin.classify(String(latinText))
                    measurement.add(result.code ?? Self.undetermined, units: units, confidence: result.confidence)
                }
            case .han:
                let code = hasKana ? "ja" : (hangul > count ? "ko" : "zh")
                measurement.add(code, units: Double(count) / script.charactersPerWord, confidence: 1)
            case .otherLetter:
                measurement.add(Self.undetermined, units: Double(words[script] ?? 1), confidence: 0)
            default:
                let units = script.separatesWordsWithSpaces
                    ? Double(words[script] ?? 1)
                    : Double(count) / script.charactersPerWord
                measurement.add(script.impliedLanguage ?? Self.undetermined, units: units, confidence: 1)
            }
        }
    }

    /// Characters far more common in source code than in prose.
    static let codeSymbols: Set<Unicode.Scalar> = ["{", "}", "[", "]", "(", ")", ";", "=", "<", ">", "|", "&", "$", "\\", "_", "#", "*", "/", "+"]

    /// Splits at line breaks and after sentence-final punctuation, colons and semicolons
    /// followed by a space (or, for CJK full-width punctuation, immediately). Colons matter
    /// for prompts such as "Translate to English: bonjour mes amis", whose two halves are in
    /// different languages.
    static func sentences(in text: String) -> [Substring] {
        var sentences: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            var ends = false
            if character.isNewline {
                ends = true
            } else if "。！？".contains(character) {
                ends = true
            } else if ".!?:;".contains(character), next < text.endIndex, text[next].isWhitespace {
                ends = true
            }
            if ends {
                let sentence = text[start..<next]
                if !sentence.allSatisfy(\.isWhitespace) { sentences.append(sentence) }
                start = next
            }
            index = next
        }
        let rest = text[start...]
        if !rest.allSatisfy(\.isWhitespace) { sentences.append(rest) }
        return sentences
    }
}
