import Foundation

extension SystemLanguageModel {
    /// The language codes the model handles: its backend's (`general.languages`, else the
    /// family's documented defaults). Empty when the backend cannot say, or the model cannot
    /// load; then no input is rejected for its language.
    var supportedLanguageCodes: Set<String> {
        guard let backend = try? backend(), let describing = backend as? any ModelLanguageDescribing else { return [] }
        return Set(describing.modelLanguageCodes.map(LanguageIdentifier.languageSubtag))
    }

    /// The codes `supportedLanguages` and `supportsLocale(_:)` report: the model's, or English
    /// when the model cannot say (it did not load, or its backend does not describe its
    /// languages), since every family we run handles English. Input is rejected only on the
    /// model's own list (`supportedLanguageCodes`), never on this fallback.
    var reportedLanguageCodes: Set<String> {
        let codes = supportedLanguageCodes
        return codes.isEmpty ? ["en"] : codes
    }

    /// `supportedLanguages` as `Locale.Language` values.
    var modelLanguages: Set<Locale.Language> {
        Set(reportedLanguageCodes.map { Locale.Language(identifier: $0) })
    }

    /// Whether the locale's language, or a language it falls back to, is supported. Regions
    /// and scripts do not matter (`en-GB` is supported when `en` is); legacy and macrolanguage
    /// codes fall back to their current form (`nb`/`nn` → `no`, `iw` → `he`, `in` → `id`,
    /// `tl` ↔ `fil`, `zh-Hant` → `zh`).
    func supportsLanguage(of locale: Locale) -> Bool {
        guard let code = locale.language.languageCode?.identifier.lowercased() else { return false }
        let supported = reportedLanguageCodes
        return Self.fallbacks(for: code).contains { supported.contains($0) }
    }

    /// The code itself, then the codes that stand for the same language.
    static func fallbacks(for code: String) -> [String] {
        switch code {
        case "nb", "nn": [code, "no"]
        case "no": [code, "nb"]
        case "iw": [code, "he"]
        case "he": [code, "iw"]
        case "in": [code, "id"]
        case "ji": [code, "yi"]
        case "tl": [code, "fil"]
        case "fil": [code, "tl"]
        case "zh", "cmn", "yue": [code, "zh"]
        default: [code]
        }
    }
}
