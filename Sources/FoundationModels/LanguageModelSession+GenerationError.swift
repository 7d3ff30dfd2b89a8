import Foundation

extension LanguageModelSession {
    /// An error that happens while the model generates a response.
    ///
    /// ```swift
    /// do { _ = try await session.respond(to: prompt) }
    /// catch LanguageModelSession.GenerationError.exceededContextWindowSize(let context) {
    ///     print(context.debugDescription)   // "Content contains 5000 tokens, which exceeds ..."
    /// }
    /// ```
    ///
    /// This is Apple's 26 error type. Apple's 27 API keeps it, deprecated in favour of
    /// ``LanguageModelError``, ``SystemLanguageModel/Error``, ``LanguageModelSession/Error`` and
    /// ``GeneratedContent/ParsingError``. The deprecation here is per platform at version 27,
    /// as Apple's is: it warns only where a deployment target of 27 or later exists, so code
    /// written for 26 (and this package's own code, on Linux) builds without warnings.
    @available(iOS, deprecated: 27.0, message: "Use LanguageModelError, SystemLanguageModel.Error, or LanguageModelSession.Error instead.")
    @available(macOS, deprecated: 27.0, message: "Use LanguageModelError, SystemLanguageModel.Error, or LanguageModelSession.Error instead.")
    @available(visionOS, deprecated: 27.0, message: "Use LanguageModelError, SystemLanguageModel.Error, or LanguageModelSession.Error instead.")
    public enum GenerationError: Swift.Error, LocalizedError, Sendable {
        /// What happened, in words, for logs and bug reports.
        public struct Context: Sendable {
            public let debugDescription: String

            public init(debugDescription: String) { self.debugDescription = debugDescription }
        }

        /// The transcript and prompt need more tokens than the model's context holds.
        case exceededContextWindowSize(Context)
        /// The model's files are not available (missing, unreadable or not loadable).
        case assetsUnavailable(Context)
        /// The guardrails flagged the prompt or the response.
        case guardrailViolation(Context)
        /// A generation guide that this model cannot enforce.
        case unsupportedGuide(Context)
        /// The prompt's language or locale is not supported.
        case unsupportedLanguageOrLocale(Context)
        /// The output could not be converted to the requested type.
        case decodingFailure(Context)
        /// Too many requests were made in a short time.
        case rateLimited(Context)
        /// The session was asked to respond while it was still responding.
        case concurrentRequests(Context)
        /// The model refused to answer.
        case refusal(Refusal, Context)

        var context: Context {
            switch self {
            case .exceededContextWindowSize(let context), .assetsUnavailable(let context),
                 .guardrailViolation(let context), .unsupportedGuide(let context),
                 .unsupportedLanguageOrLocale(let context), .decodingFailure(let context),
                 .rateLimited(let context), .concurrentRequests(let context), .refusal(_, let context):
                context
            }
        }

        public var errorDescription: String? {
            let summary = switch self {
            case .exceededContextWindowSize: "Exceeded the model's context window size"
            case .assetsUnavailable: "The model's assets are unavailable"
            case .guardrailViolation: "The content violates the guardrails"
            case .unsupportedGuide: "Unsupported generation guide"
            case .unsupportedLanguageOrLocale: "Unsupported language or locale"
            case .decodingFailure: "Failed to decode the generated content"
            case .rateLimited: "Rate limited"
            case .concurrentRequests: "The session is already responding to a request"
            case .refusal: "The model refused to respond"
            }
            let detail = context.debugDescription
            return detail.isEmpty ? summary + "." : "\(summary): \(detail)"
        }

        public var failureReason: String? { context.debugDescription }

        public var recoverySuggestion: String? {
            switch self {
            case .exceededContextWindowSize: "Start a new session with a shorter transcript, or shorten the prompt."
            case .assetsUnavailable: "Check that the model file exists and is readable (FM_MODEL or SystemLanguageModel(contentsOf:))."
            case .guardrailViolation: "Rephrase the prompt."
            case .unsupportedGuide: "Use a guide this model can enforce."
            case .unsupportedLanguageOrLocale: "Use a supported language."
            case .decodingFailure: "Try again, or simplify the schema."
            case .rateLimited: "Wait before trying again."
            case .concurrentRequests: "Wait until the session's current response finishes (isResponding is false)."
            case .refusal: "Rephrase the prompt."
            }
        }
    }
}
