/// Why an `InferenceContext` operation could not run. The context is left consistent: it
/// holds exactly `tokens` (the prefix evaluated before the error).
public enum InferenceError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The tokens would not fit: `needed` positions against a context of `limit`.
    case contextOverflow(needed: Int, limit: Int)
    /// A token id outside `0 ..< vocabularySize`.
    case tokenOutOfRange(token: Int32, vocabularySize: Int)
    /// A context length outside `1 ... limit` was requested.
    case invalidContextLength(requested: Int, limit: Int)
    /// The task was cancelled between batches.
    case cancelled
    /// `evaluate` was given no tokens, so there is no position to take logits from.
    case emptyInput

    public var description: String {
        switch self {
        case .contextOverflow(let needed, let limit):
            "context overflow: \(needed) tokens needed, the context holds \(limit)"
        case .tokenOutOfRange(let token, let vocabularySize):
            "token id \(token) is outside the vocabulary (0..<\(vocabularySize))"
        case .invalidContextLength(let requested, let limit):
            "context length \(requested) is invalid (allowed: 1...\(limit))"
        case .cancelled:
            "cancelled"
        case .emptyInput:
            "no tokens to evaluate"
        }
    }
}
