extension SystemLanguageModel {
    /// What the model is used for; tunes the instructions the session adds.
    public struct UseCase: Sendable, Equatable {
        let name: String

        /// General-purpose prompting.
        public static let general = UseCase(name: "general")
        /// Tagging content: topics, actions, emotions.
        public static let contentTagging = UseCase(name: "contentTagging")
    }

    /// Content guardrails. The local model applies none of its own; the setting is kept so code
    /// written for Apple's model runs unchanged.
    public struct Guardrails: Sendable {
        let name: String

        /// The default guardrails.
        public static let `default` = Guardrails(name: "default")
        /// Guardrails that allow transforming sensitive content (summaries, rewrites).
        public static let permissiveContentTransformations = Guardrails(name: "permissiveContentTransformations")
    }
}
