/// Feedback about a model's response, in a consistent form for logs and bug reports.
public struct LanguageModelFeedback: Sendable {
    /// How the response felt overall.
    public enum Sentiment: String, Sendable, Hashable, Codable, CaseIterable {
        case positive, negative, neutral
    }

    /// One specific problem with a response.
    public struct Issue: Sendable, Hashable, Codable {
        /// The kind of problem.
        public enum Category: String, Sendable, Hashable, Codable, CaseIterable {
            case unhelpful, tooVerbose, didNotFollowInstructions, incorrect, stereotypeOrBias
            case suggestiveOrSexual, vulgarOrOffensive, triggeredGuardrailUnexpectedly
        }

        public var category: Category
        public var explanation: String?

        public init(category: Category, explanation: String? = nil) {
            self.category = category
            self.explanation = explanation
        }
    }
}
