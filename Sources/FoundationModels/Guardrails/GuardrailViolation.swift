/// A blocked text, as `GuardrailEnforcement` reports it to the session.
package struct GuardrailViolation: Sendable, Hashable, CustomDebugStringConvertible {
    package var category: GuardrailCategory
    package var explanation: String
    package var direction: GuardrailDirection
    /// Index into the texts passed to `GuardrailEnforcement.violation(in:direction:responseKind:)`.
    package var textIndex: Int

    package init(category: GuardrailCategory, explanation: String, direction: GuardrailDirection, textIndex: Int) {
        self.category = category
        self.explanation = explanation
        self.direction = direction
        self.textIndex = textIndex
    }

    /// For `GenerationError.Context.debugDescription`; names the rule, never the text.
    package var debugDescription: String {
        let side = direction == .input ? "input \(textIndex)" : "response"
        return "Guardrail violation (\(category)) in \(side): \(explanation)"
    }
}
