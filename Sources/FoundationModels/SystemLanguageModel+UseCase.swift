extension SystemLanguageModel {
    /// What the model is used for; tunes the instructions the session adds.
    public struct UseCase: Sendable, Equatable {
        let name: String

        /// General-purpose prompting.
        public static let general = UseCase(name: "general")
        /// Tagging content: topics, actions, emotions.
        public static let contentTagging = UseCase(name: "contentTagging")
    }

    /// Content guardrails: which inputs and responses a session refuses, judged by a
    /// ``GuardrailPolicy`` (``DefaultGuardrailPolicy`` unless the app plugs in its own with
    /// ``init(policy:permissiveContentTransformations:)``, beyond Apple's API).
    public struct Guardrails: Sendable {
        let name: String
        /// Judges the inputs and responses.
        var policy: any GuardrailPolicy = DefaultGuardrailPolicy()

        /// The default guardrails.
        public static let `default` = Guardrails(name: "default")
        /// Guardrails that allow transforming sensitive content (summaries, rewrites).
        public static let permissiveContentTransformations = Guardrails(name: "permissiveContentTransformations")
    }
}
