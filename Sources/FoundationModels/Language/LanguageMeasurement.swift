/// How many (approximate) words of each language a text contains.
///
/// Produced by `LanguageIdentifier.measure(_:)`; the session rule
/// `LanguageIdentifier.unsupportedLanguage(in:supported:)` reads it.
package struct LanguageMeasurement: Sendable {
    /// Words per language code, including `LanguageIdentifier.undetermined`.
    package private(set) var units: [String: Double] = [:]
    /// Sum over sentences of `units * confidence`, per language.
    private var weightedConfidence: [String: Double] = [:]

    package init() {}

    /// All words, determined or not.
    package var totalUnits: Double { units.values.reduce(0, +) }

    mutating func add(_ code: String, units: Double, confidence: Double) {
        guard units > 0 else { return }
        self.units[code, default: 0] += units
        weightedConfidence[code, default: 0] += units * confidence
    }

    /// Determined languages, most words first (ties by code, so results are stable), each
    /// with its share of all words and its word-weighted mean confidence.
    package var ranked: [(code: String, share: Double, confidence: Double)] {
        let total = totalUnits
        guard total > 0 else { return [] }
        return units
            .filter { $0.key != LanguageIdentifier.undetermined }
            .map { code, units in
                (code: code, share: units / total, confidence: (weightedConfidence[code] ?? 0) / units)
            }
            .sorted { $0.share != $1.share ? $0.share > $1.share : $0.code < $1.code }
    }
}
