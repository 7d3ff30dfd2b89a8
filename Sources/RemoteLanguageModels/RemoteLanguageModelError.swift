/// Why a request to an OpenAI-compatible server failed, when it is not one of the framework's
/// errors (timeouts throw `LanguageModelError.timeout`, a 429 past the retries
/// `LanguageModelError.rateLimited`, an answer that breaks its schema
/// `GenerationError.decodingFailure`).
///
/// ```swift
/// do { _ = try await session.respond(to: "Hi") }
/// catch RemoteLanguageModelError.serverError(let status, let message, _, _) { print(status, message) }
/// ```
public enum RemoteLanguageModelError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server answered with an error: the HTTP status, and the message, type and code of
    /// its OpenAI error body (the body's start when it has no such shape). An error sent inside
    /// a stream carries the stream's status (200).
    case serverError(status: Int, message: String, type: String?, code: String?)
    /// The answer passed ``OpenAICompatibleLanguageModel/maximumResponseBytes``; the connection was closed.
    case responseTooLarge(limit: Int)
    /// The answer is not what Chat Completions sends (not JSON, no choices, a field of the wrong type).
    case malformedResponse(String)
    /// The connection failed or ended before the answer did.
    case connectionLost(String)
    /// A generation option the API cannot express; nothing was sent.
    case unsupportedOption(option: String, reason: String)

    public var description: String {
        switch self {
        case .serverError(let status, let message, let type, let code):
            let detail = [type, code].compactMap { $0 }.joined(separator: ", ")
            return "The server answered HTTP \(status)\(detail.isEmpty ? "" : " (\(detail))"): \(message)"
        case .responseTooLarge(let limit):
            return "The server's answer exceeded the limit of \(limit) bytes; the connection was closed."
        case .malformedResponse(let why):
            return "The server's answer is not a Chat Completions response: \(why)"
        case .connectionLost(let why):
            return "The connection to the server was lost: \(why)"
        case .unsupportedOption(let option, let reason):
            return "The generation option \(option) cannot be sent to an OpenAI-compatible server: \(reason)"
        }
    }
}
