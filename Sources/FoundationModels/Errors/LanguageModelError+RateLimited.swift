import Foundation

extension LanguageModelError {
    /// Information about a rate limiting event, and when retrying is likely to succeed.
    ///
    /// ```swift
    /// catch LanguageModelError.rateLimited(let failure) {
    ///     if let resetDate = failure.resetDate { scheduleRetry(at: resetDate) }
    /// }
    /// ```
    public struct RateLimited: Sendable {
        /// The date after which retrying is likely to succeed, if known.
        public var resetDate: Date?
        /// A debug description to help developers diagnose issues during development.
        public var debugDescription: String
        /// Additional information about the failure, keyed by name.
        public var metadata: [String: any Sendable]

        /// Creates information describing a rate-limiting event.
        ///
        /// ```swift
        /// LanguageModelError.RateLimited(resetDate: .now.addingTimeInterval(30), debugDescription: "HTTP 429")
        /// ```
        /// - parameter resetDate: The date after which retrying is likely to succeed, or `nil` if unknown.
        /// - parameter debugDescription: A debug description to help developers diagnose issues during development.
        /// - parameter metadata: Additional information about the failure, keyed by name.
        public init(resetDate: Date?, debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.resetDate = resetDate
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }
}
