/// A backend that knows which languages its model handles: from the GGUF key
/// `general.languages` when the file has it, else from `ModelLanguages.defaults` for the
/// model's family. The session rejects input in other languages before decoding.
protocol ModelLanguageDescribing {
    /// BCP-47 language codes (`"en"`, `"ko"`); empty when unknown, and then nothing is rejected.
    var modelLanguageCodes: [String] { get }
}
