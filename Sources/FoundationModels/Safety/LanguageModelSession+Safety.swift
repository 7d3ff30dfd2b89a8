extension LanguageModelSession {
    /// Checks text going into the model, before any decoding: first its language, then the
    /// guardrails.
    ///
    /// - parameter texts: The instructions, prompt and tool outputs, one string each.
    /// - throws: `GenerationError.unsupportedLanguageOrLocale` when a text is predominantly in
    ///   a language the model does not support (an English sentence with a Korean name passes);
    ///   `GenerationError.guardrailViolation` when the guardrails block a text and the mode
    ///   enforces for this kind of response.
    func checkInput(_ texts: [String], responseKind: GuardrailEnforcement.ResponseKind) throws {
        let nonEmpty = texts.filter { !$0.isEmpty }
        if let language = Self.languageIdentifier.unsupportedLanguage(in: nonEmpty, supported: model.supportedLanguageCodes) {
            let supported = model.supportedLanguageCodes.sorted().joined(separator: ", ")
            throw GenerationError.unsupportedLanguageOrLocale(.init(
                debugDescription: "Unsupported language: the input is predominantly '\(language)', and the model supports \(supported)."))
        }
        if let violation = guardrailEnforcement.violation(in: nonEmpty, direction: .input, responseKind: responseKind) {
            throw GenerationError.guardrailViolation(.init(debugDescription: violation.debugDescription))
        }
    }

    /// Checks the model's response (its text, or the JSON of a guided value).
    ///
    /// - throws: `GenerationError.guardrailViolation` when the guardrails block it and the
    ///   mode enforces for this kind of response.
    func checkOutput(_ text: String, responseKind: GuardrailEnforcement.ResponseKind) throws {
        if let violation = guardrailEnforcement.violation(in: [text], direction: .output, responseKind: responseKind) {
            throw GenerationError.guardrailViolation(.init(debugDescription: violation.debugDescription))
        }
    }

    /// The model's guardrail setting as the enforcement rule reads it.
    var guardrailEnforcement: GuardrailEnforcement {
        GuardrailEnforcement(mode: model.guardrails.name == SystemLanguageModel.Guardrails.permissiveContentTransformations.name
            ? .permissiveContentTransformations : .default, policy: model.guardrails.policy)
    }

    /// The texts a request adds that the input checks read: the instructions (when the
    /// transcript has them) and the prompt.
    static func inputTexts(transcript: Transcript, prompt: Prompt) -> [String] {
        var texts: [String] = []
        if case .instructions(let instructions)? = transcript.first {
            texts.append(instructions.segments.plainText)
        }
        texts.append(prompt.text)
        return texts
    }

    /// Shared, since building the identifier's profiles is not free and it holds no state.
    static let languageIdentifier = LanguageIdentifier()
}
