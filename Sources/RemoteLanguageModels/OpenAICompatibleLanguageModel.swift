import Foundation
import FoundationModels

/// A ``LanguageModel`` served over OpenAI's Chat Completions API: vLLM, SGLang, llama.cpp's
/// server, Ollama, `fm serve`, or OpenAI itself.
///
/// ```swift
/// import FoundationModels
/// import RemoteLanguageModels
///
/// let model = OpenAICompatibleLanguageModel(name: "smollm2", baseURL: URL(string: "http://127.0.0.1:8080/v1")!)
/// let session = LanguageModelSession(model: model, instructions: "Answer briefly.")
/// let answer = try await session.respond(to: "Name a color.").content
/// ```
///
/// The session works as it does on the local model: text, cumulative stream snapshots,
/// `generating:` (the schema goes out as `response_format`, and every answer is checked against
/// it by this package's JSON Schema validator before it reaches the caller), tools (the server
/// picks calls, the session runs them), and usage as the server reports it.
///
/// What a server can do is declared, not guessed: ``features`` sets the capabilities the
/// session checks before a request is sent (a server without structured output refuses
/// `generating:` with `LanguageModelError.unsupportedCapability`).
public struct OpenAICompatibleLanguageModel: LanguageModel, Hashable {
    public typealias Executor = OpenAICompatibleExecutor

    /// The model's name on the server (the request's `model`).
    public var name: String
    /// The API's base, ending before `/chat/completions` (`http://host:port/v1`).
    public var baseURL: URL
    /// Sent as `Authorization: Bearer <key>` when set.
    public var apiKey: String?
    /// The longest one HTTP exchange may take, from sending the request to the answer's last
    /// byte; past it the request fails with `LanguageModelError.timeout`.
    public var timeout: Duration
    /// How often, and after how long, a request the server turned away (429, 503) is sent again.
    public var retryPolicy: RetryPolicy
    /// What the server supports beyond text.
    public var features: ServerFeatures
    /// The most bytes one answer may carry (a stream's whole body included); past it the
    /// connection is closed and the request fails with
    /// ``RemoteLanguageModelError/responseTooLarge(limit:)``.
    public var maximumResponseBytes: Int
    /// How many more times a structured request is sent when the server's answer does not
    /// follow the schema (0: the first violation throws).
    public var invalidStructuredOutputRetries: Int

    /// Creates a model served at `baseURL`.
    ///
    /// - parameter name: The model's name on the server.
    /// - parameter baseURL: The API's base (`http://127.0.0.1:8080/v1`).
    /// - parameter apiKey: A bearer token, when the server wants one.
    /// - parameter timeout: The longest one HTTP exchange may take (default 300 s).
    /// - parameter retryPolicy: Retries of 429 and 503 answers (default: 3 attempts in all).
    /// - parameter features: What the server supports (default: OpenAI's full API).
    /// - parameter maximumResponseBytes: The most bytes one answer may carry (default 16 MiB).
    /// - parameter invalidStructuredOutputRetries: Resends after a schema violation (default 0).
    public init(
        name: String, baseURL: URL, apiKey: String? = nil, timeout: Duration = .seconds(300),
        retryPolicy: RetryPolicy = .default, features: ServerFeatures = .openAI,
        maximumResponseBytes: Int = 16 << 20, invalidStructuredOutputRetries: Int = 0
    ) {
        self.name = name
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.timeout = timeout
        self.retryPolicy = retryPolicy
        self.features = features
        self.maximumResponseBytes = maximumResponseBytes
        self.invalidStructuredOutputRetries = invalidStructuredOutputRetries
    }

    /// Guided generation when the server takes a schema, tool calling when it returns calls.
    public var capabilities: LanguageModelCapabilities {
        var capabilities: [LanguageModelCapabilities.Capability] = []
        if features.structuredOutput != .unsupported { capabilities.append(.guidedGeneration) }
        if features.toolCalling { capabilities.append(.toolCalling) }
        return LanguageModelCapabilities(capabilities)
    }

    /// The executor holds no state of its own (each request reads this model's settings), so
    /// every remote model shares one.
    public var executorConfiguration: OpenAICompatibleExecutor.Configuration { .init() }

    /// `<baseURL>/chat/completions`.
    var chatCompletionsURL: URL { baseURL.appendingPathComponent("chat/completions") }
}
