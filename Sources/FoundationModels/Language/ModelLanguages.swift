import Foundation

/// The languages a model family was trained to handle, for GGUF files whose metadata has no
/// `general.languages` key (most do not).
///
/// Each list is what the family's model card claims, not what a small quantized checkpoint
/// does well:
///
/// | family (GGUF `general.architecture`, name) | languages |
/// |---|---|
/// | SmolLM / SmolLM2 (`llama`, name contains "smollm") | English only |
/// | Llama 3.x (`llama`, name contains "llama-3", "llama 3" or "llama3") | en, de, fr, it, pt, hi, es, th |
/// | other `llama` (Llama 2, Mistral, TinyLlama...) | English only |
/// | Gemma 3 (`gemma3`, `gemma3n`) | `gemma3Languages` (the card says 140+; listed are the major ones) |
/// | Gemma / Gemma 2 (`gemma`, `gemma2`) | English only |
/// | Qwen2, Qwen2.5, Qwen3 (`qwen2`, `qwen2moe`, `qwen3`, `qwen3moe`) | `qwenLanguages` (29+) |
/// | Phi-3 / Phi-4 (`phi3`) | English only |
/// | anything else | empty: unknown, and the session must then not reject any language |
///
/// ```swift
/// ModelLanguages.defaults(forArchitecture: "llama", modelName: "SmolLM2 135M Instruct")
/// // [en]
/// ```
package enum ModelLanguages {
    /// Languages for a model without `general.languages` metadata.
    ///
    /// - parameter architecture: GGUF `general.architecture`, such as `"llama"` or `"gemma3"`.
    /// - parameter modelName: GGUF `general.name` (or the file name), used to tell families
    ///   that share an architecture apart.
    /// - returns: The family's languages; empty when the family is not known.
    package static func defaults(forArchitecture architecture: String, modelName: String?) -> [Locale.Language] {
        codes(forArchitecture: architecture, modelName: modelName).map { Locale.Language(identifier: $0) }
    }

    /// The same as `defaults(forArchitecture:modelName:)`, as BCP-47 codes.
    package static func codes(forArchitecture architecture: String, modelName: String?) -> [String] {
        let name = (modelName ?? "").lowercased()
        switch architecture.lowercased() {
        case "llama":
            if name.contains("smollm") { return ["en"] }
            if name.contains("llama-3") || name.contains("llama 3") || name.contains("llama3") { return llama3Languages }
            return ["en"]
        case "gemma3", "gemma3n":
            return gemma3Languages
        case "gemma", "gemma2":
            return ["en"]
        case "qwen2", "qwen2moe", "qwen3", "qwen3moe":
            return qwenLanguages
        case "phi3", "phi2":
            return ["en"]
        default:
            return []
        }
    }

    /// Llama 3.1+ model card: "English, German, French, Italian, Portuguese, Hindi, Spanish, and Thai".
    package static let llama3Languages = ["en", "de", "fr", "it", "pt", "hi", "es", "th"]

    /// Qwen2 model card: over 29 languages, including these.
    package static let qwenLanguages = [
        "en", "zh", "fr", "es", "pt", "de", "it", "ru", "ja", "ko", "vi", "th", "ar", "id", "tr",
        "nl", "pl", "cs", "he", "hi", "bn", "ur", "ms", "fa", "uk", "sv", "da", "fi", "el", "hu",
    ]

    /// Gemma 3 model card: over 140 languages; the widely used ones are listed.
    package static let gemma3Languages = [
        "en", "zh", "ja", "ko", "fr", "de", "es", "pt", "it", "nl", "ru", "ar", "hi", "th", "vi",
        "tr", "id", "ms", "pl", "cs", "sk", "uk", "bg", "ro", "hu", "el", "he", "fa", "ur", "bn",
        "ta", "te", "mr", "gu", "kn", "ml", "pa", "sv", "da", "no", "nb", "fi", "et", "lv", "lt",
        "sl", "hr", "sr", "ca", "eu", "gl", "sw", "tl", "fil", "af",
    ]
}
