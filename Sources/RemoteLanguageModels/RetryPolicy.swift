/// How a request the server turned away for now (429 Too Many Requests, 503 Service
/// Unavailable) is sent again: after the server's `Retry-After` when it gives one, else after an
/// exponential backoff, and never more than ``maximumAttempts`` times or longer than
/// ``maximumDelay`` at once.
///
/// ```swift
/// let patient = RetryPolicy(maximumAttempts: 5, initialDelay: .seconds(1), maximumDelay: .seconds(60))
/// ```
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included (1: never retry).
    public var maximumAttempts: Int
    /// The wait before the first retry without `Retry-After`; each later one doubles it.
    public var initialDelay: Duration
    /// The longest single wait. A server asking (by `Retry-After`) for longer is not waited
    /// for: the request fails at once with `LanguageModelError.rateLimited` carrying the date.
    public var maximumDelay: Duration

    /// - parameter maximumAttempts: Attempts in all, at least 1.
    public init(maximumAttempts: Int, initialDelay: Duration, maximumDelay: Duration) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
    }

    /// Three attempts, 0.5 s then 1 s apart, waiting at most 30 s for a `Retry-After`.
    public static let `default` = RetryPolicy(maximumAttempts: 3, initialDelay: .milliseconds(500), maximumDelay: .seconds(30))

    /// One attempt: every 429 or 503 is the caller's to handle.
    public static let none = RetryPolicy(maximumAttempts: 1, initialDelay: .zero, maximumDelay: .zero)

    /// The HTTP statuses worth retrying: the server is busy, not the request wrong.
    static let retriedStatuses: Set<Int> = [429, 503]

    /// The wait before attempt `attempt + 1` (attempts count from 1), or nil when the request
    /// must not be retried: attempts are spent, or the server asks for longer than allowed.
    func delay(afterAttempt attempt: Int, retryAfter: Duration?) -> Duration? {
        guard attempt < maximumAttempts else { return nil }
        if let retryAfter { return retryAfter <= maximumDelay ? retryAfter : nil }
        let doubled = initialDelay * (1 << min(attempt - 1, 20))
        return min(doubled, maximumDelay)
    }
}
