extension SystemLanguageModel.Guardrails {
    /// Guardrails that judge inputs and responses with the app's own policy instead of
    /// ``DefaultGuardrailPolicy``. Beyond Apple's API, which has no pluggable policy.
    ///
    /// The enforcement rule stays Apple's: a `.block` verdict throws
    /// `LanguageModelSession.GenerationError.guardrailViolation`, except for `String`
    /// responses when `permissiveContentTransformations` is true (typed generation is always
    /// enforced).
    ///
    /// ```swift
    /// struct NoMedicalAdvice: GuardrailPolicy {
    ///     func evaluate(_ text: String, direction: GuardrailDirection) -> GuardrailVerdict {
    ///         if direction == .output, text.localizedCaseInsensitiveContains("dosage") {
    ///             return .block(category: GuardrailCategory("medicalAdvice"), explanation: "Dosage advice.")
    ///         }
    ///         return DefaultGuardrailPolicy().evaluate(text, direction: direction)
    ///     }
    /// }
    /// let model = SystemLanguageModel(guardrails: .init(policy: NoMedicalAdvice()))
    /// let session = LanguageModelSession(model: model)
    /// ```
    ///
    /// - parameter policy: Judges every input (instructions, prompt, tool output) and every
    ///   response; called synchronously, so it should be cheap and free of side effects.
    /// - parameter permissiveContentTransformations: Whether `String` responses are exempt, as
    ///   ``permissiveContentTransformations`` makes them.
    public init(policy: some GuardrailPolicy, permissiveContentTransformations: Bool = false) {
        let base: Self = permissiveContentTransformations ? .permissiveContentTransformations : .default
        self.init(name: base.name, policy: policy)
    }

    /// The same guardrails judging with `policy`: `.permissiveContentTransformations.policy(p)`
    /// keeps the permissive rule and swaps the judge.
    public func policy(_ policy: some GuardrailPolicy) -> Self {
        Self(name: name, policy: policy)
    }

    /// The policy these guardrails judge with.
    public var currentPolicy: any GuardrailPolicy { policy }
}
