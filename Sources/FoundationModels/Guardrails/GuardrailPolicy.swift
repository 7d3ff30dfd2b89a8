/// Decides whether text may go into, or come out of, a language model.
///
/// Sessions call `evaluate(_:direction:)` on their instructions, prompt and tool output before
/// decoding (`.input`) and on the response (`.output`). A `.block` verdict surfaces as
/// `LanguageModelSession.GenerationError.guardrailViolation`, subject to the session's
/// guardrail mode (see `GuardrailEnforcement`). `DefaultGuardrailPolicy` is used unless the
/// app supplies its own:
///
/// ```swift
/// struct NoProfanity: GuardrailPolicy {
///     func evaluate(_ text: String, direction: GuardrailDirection) -> GuardrailVerdict {
///         text.localizedCaseInsensitiveContains("darn")
///             ? .block(category: GuardrailCategory("profanity"), explanation: "Mild profanity.")
///             : DefaultGuardrailPolicy().evaluate(text, direction: direction)
///     }
/// }
/// ```
///
/// - Note: Evaluation runs synchronously on every request and every response, so keep it
///   cheap (linear in the text) and free of side effects.
public protocol GuardrailPolicy: Sendable {
    /// Judges `text` travelling in `direction`.
    ///
    /// - parameter text: One whole input (instructions, prompt or tool output) or the whole
    ///   response.
    /// - parameter direction: Whether the text goes into the model or comes out of it.
    /// - returns: `.allow`, or `.block` with the category and a one-sentence explanation.
    func evaluate(_ text: String, direction: GuardrailDirection) -> GuardrailVerdict
}
