/// The language a text is most likely written in, with how sure the identifier is.
package struct LanguageGuess: Sendable, Hashable, CustomStringConvertible {
    /// A BCP-47 language subtag such as `"en"`, `"ko"` or `"zh"`.
    package var code: String
    /// In `0...1`: the share of the text's words in this language, scaled by how clearly the
    /// Latin-script classifier separated it from its runner-up where that applies.
    package var confidence: Double

    package init(code: String, confidence: Double) {
        self.code = code
        self.confidence = confidence
    }

    package var description: String {
        "\(code) (\((confidence * 100).rounded() / 100))"
    }
}
