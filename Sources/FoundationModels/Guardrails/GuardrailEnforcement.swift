/// Apple's rule for when a guardrail verdict becomes a thrown `guardrailViolation`, plus the
/// check a session runs on its inputs and on the response.
///
/// `SystemLanguageModel.Guardrails` has two settings, and the session maps them here:
///
/// - `.default`: instructions, prompt and tool output are checked before decoding, the
///   response after; a block throws `GenerationError.guardrailViolation`.
/// - `.permissiveContentTransformations`: when the response is a `String`, nothing throws
///   (the model may still answer with a refusal in text). When the response is a guided
///   (`@Generable` or schema) type, the mode behaves exactly as `.default`.
///
/// ```swift
/// let enforcement = GuardrailEnforcement(mode: .permissiveContentTransformations)
/// enforcement.enforces(responseKind: .text)    // false: summarise that news story freely
/// enforcement.enforces(responseKind: .guided)  // true: typed generation stays guarded
/// if let violation = enforcement.violation(in: [instructions, prompt], direction: .input, responseKind: .guided) {
///     throw GenerationError.guardrailViolation(.init(debugDescription: violation.debugDescription))
/// }
/// ```
package struct GuardrailEnforcement: Sendable {
    /// Mirrors `SystemLanguageModel.Guardrails`.
    package enum Mode: Sendable, Hashable {
        case `default`
        case permissiveContentTransformations
    }

    /// What the request generates.
    package enum ResponseKind: Sendable, Hashable {
        /// Plain `String` responses (`respond(to:)` without a type).
        case text
        /// Guided generation: a `Generable` type or a `GenerationSchema`.
        case guided
    }

    package var mode: Mode
    package var policy: any GuardrailPolicy

    package init(mode: Mode = .default, policy: any GuardrailPolicy = DefaultGuardrailPolicy()) {
        self.mode = mode
        self.policy = policy
    }

    /// Whether a block verdict throws for this kind of response. Applies to both directions.
    package func enforces(responseKind: ResponseKind) -> Bool {
        Self.enforces(mode: mode, responseKind: responseKind)
    }

    /// Apple's documented rule: `.default` always enforces; permissive mode enforces only for
    /// guided generation.
    package static func enforces(mode: Mode, responseKind: ResponseKind) -> Bool {
        switch mode {
        case .default: true
        case .permissiveContentTransformations: responseKind == .guided
        }
    }

    /// The first text the policy blocks, or `nil` when all pass or the mode does not enforce.
    ///
    /// - parameter texts: For `.input`, the instructions, prompt and tool outputs (in
    ///   transcript order); for `.output`, the response text (for guided generation, its JSON).
    /// - returns: What was blocked and where, for the session to throw.
    package func violation(in texts: [String], direction: GuardrailDirection, responseKind: ResponseKind) -> GuardrailViolation? {
        guard enforces(responseKind: responseKind) else { return nil }
        for (index, text) in texts.enumerated() {
            if case .block(let category, let explanation) = policy.evaluate(text, direction: direction) {
                return GuardrailViolation(category: category, explanation: explanation, direction: direction, textIndex: index)
            }
        }
        return nil
    }
}
