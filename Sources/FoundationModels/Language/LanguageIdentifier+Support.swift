import Foundation

extension LanguageIdentifier {
    /// The language to reject a request for, or `nil` when every text is predominantly in a
    /// supported language (or in no determinable language).
    ///
    /// Apple's sessions throw `unsupportedLanguageOrLocale` before decoding when the
    /// instructions, prompt or tool output are in a language the model does not support. This
    /// is the rule behind that: each text is judged on its own, and it offends only when more
    /// than half of its words are in one unsupported language. So a Korean prompt fails on an
    /// English-only model, while an English sentence with a Korean name, or Swift code with a
    /// Chinese comment, passes.
    ///
    /// ```swift
    /// let identifier = LanguageIdentifier()
    /// identifier.unsupportedLanguage(in: ["서울 날씨 알려줘"], supported: ["en"])        // "ko"
    /// identifier.unsupportedLanguage(in: ["Write a card for 김민준."], supported: ["en"])  // nil
    /// ```
    ///
    /// - parameter texts: The instructions, prompt and tool outputs, one string each.
    /// - parameter supported: Language codes the model supports (`"en"`, `"en-US"` and
    ///   `"en_US"` all mean English). An empty set means unknown: nothing is rejected.
    /// - returns: The BCP-47 subtag of the offending language, such as `"ko"`.
    package func unsupportedLanguage(in texts: [String], supported: Set<String>) -> String? {
        let supportedCodes = Set(supported.map(Self.languageSubtag))
        guard !supportedCodes.isEmpty else { return nil }
        for text in texts {
            let measurement = measure(text)
            guard let top = measurement.ranked.first,
                  !supportedCodes.contains(top.code),
                  top.share > 0.5,
                  top.confidence >= Self.minimumRejectionConfidence
            else { continue }
            return top.code
        }
        return nil
    }

    /// The same rule, for `SystemLanguageModel.supportedLanguages`.
    ///
    /// - parameter texts: The instructions, prompt and tool outputs, one string each.
    /// - parameter supported: The model's languages; only each one's language code is used.
    /// - returns: The BCP-47 subtag of the offending language, such as `"ko"`.
    package func unsupportedLanguage(in texts: [String], supported: Set<Locale.Language>) -> String? {
        let codes = supported.compactMap { $0.languageCode?.identifier }
        return unsupportedLanguage(in: texts, supported: Set(codes))
    }

    /// How clearly a language must stand out before text is rejected for it. For scripts that
    /// imply one language this is always met (confidence 1); for Latin-script text it is the
    /// winner's share of the classifier's total score, where nine languages splitting evenly
    /// would give 0.11 each.
    package static let minimumRejectionConfidence = 0.3

    /// `"en-US"` → `"en"`, `"zh_Hant_TW"` → `"zh"`, lower-cased.
    package static func languageSubtag(_ identifier: String) -> String {
        let subtag = identifier.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? Substring(identifier)
        return subtag.lowercased()
    }
}
