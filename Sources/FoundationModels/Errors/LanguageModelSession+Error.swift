import Foundation

extension LanguageModelSession {
    /// A failure caused by incorrect use of a language model session.
    ///
    /// ```swift
    /// do { _ = try await session.respond(to: prompt) }
    /// catch LanguageModelSession.Error.concurrentRequests {
    ///     // wait until session.isResponding is false, then ask again
    /// }
    /// ```
    public enum Error: Swift.Error, LocalizedError, Hashable, Sendable {
        /// The session received multiple concurrent requests.
        ///
        /// A language model session only supports one request at a time. Wait for the current
        /// request to complete before starting another.
        case concurrentRequests

        /// A request mutated the session's transcript while it was in progress.
        ///
        /// Do not modify the transcript while a request is being processed.
        case transcriptMutationWhileResponding

        /// A description of the misuse.
        public var errorDescription: String? {
            switch self {
            case .concurrentRequests: "The session received multiple concurrent requests."
            case .transcriptMutationWhileResponding: "A request mutated the session's transcript while it was in progress."
            }
        }

        /// What to do instead.
        public var recoverySuggestion: String? {
            switch self {
            case .concurrentRequests: "Wait for the current request to complete (isResponding is false) before starting another."
            case .transcriptMutationWhileResponding: "Do not modify the transcript while a request is being processed."
            }
        }
    }
}
