import Foundation
import FoundationModels
import JSONCore
import OpenAIWire
import Synchronization

/// An OpenAI-compatible API over one loaded ``LanguageModel``: `/v1/chat/completions` (whole
/// or streamed), `/v1/completions`, `/v1/models`, `/health` and `/metrics`.
///
/// Requests generate concurrently up to ``Configuration/parallel``, wait in a bounded queue
/// behind that, and get 429 past it. Every bad request gets a 4xx with OpenAI's error body
/// naming what was wrong; the server keeps serving.
///
/// ```swift
/// let server = try ModelServer(model: SystemLanguageModel.default, configuration: .init(modelID: "smollm2"))
/// let http = try HTTPServer(configuration: .init(port: 8080), handler: server)
/// try await server.load { _ = try await SystemLanguageModel.default.tokenCount(for: Instructions("")) }
/// ```
public final class ModelServer<Model: LanguageModel>: HTTPRequestHandler {
    public struct Configuration: Sendable {
        /// The name `/v1/models` lists and responses carry.
        public var modelID: String
        /// When set, `/v1/*` needs `Authorization: Bearer <key>` (compared in constant time).
        public var apiKey: String?
        /// Requests generating at once.
        public var parallel: Int
        /// Requests waiting behind those; more get 429.
        public var queueCapacity: Int
        /// The longest a request may take, queueing included; past it, 504 (or the stream ends with an error event).
        public var requestTimeLimit: Duration

        public init(modelID: String, apiKey: String? = nil, parallel: Int = 1, queueCapacity: Int = 16, requestTimeLimit: Duration = .seconds(300)) {
            self.modelID = modelID
            self.apiKey = apiKey
            self.parallel = parallel
            self.queueCapacity = queueCapacity
            self.requestTimeLimit = requestTimeLimit
        }
    }

    private enum Phase: Int { case loading = 0, ready = 1, draining = 2 }

    public let configuration: Configuration
    private let runner: GenerationRunner<Model>
    private let admission: AdmissionQueue
    let metrics = ServerMetrics()
    private let phase = Atomic<Int>(Phase.loading.rawValue)
    private let createdAt = Int(Date().timeIntervalSince1970)

    /// - throws: whatever the model's executor throws when it cannot be made.
    public init(model: Model, configuration: Configuration) throws {
        self.configuration = configuration
        runner = GenerationRunner(model: model, executor: try Model.Executor(configuration: model.executorConfiguration), metrics: metrics)
        admission = AdmissionQueue(parallel: configuration.parallel, capacity: configuration.queueCapacity)
    }

    /// Runs `load` (the model's weights into memory), then reports ready on `/health`.
    public func load(_ load: () async throws -> Void) async throws {
        try await load()
        phase.store(Phase.ready.rawValue, ordering: .releasing)
    }

    /// New generation requests get 503 from now on (`/health` too); those in flight finish.
    public func beginDraining() {
        phase.store(Phase.draining.rawValue, ordering: .releasing)
    }

    private var currentPhase: Phase { Phase(rawValue: phase.load(ordering: .acquiring)) ?? .loading }

    // MARK: - Routing

    public func respond(to request: HTTPRequest) async -> HTTPResponse {
        let endpoint = Self.endpoint(request.path)
        let response: HTTPResponse
        do {
            response = try await route(request, endpoint: endpoint)
        } catch let error as WireError {
            response = Self.errorResponse(error)
        } catch {
            response = Self.errorResponse(WireError(status: 500, message: "\(error)", type: "server_error"))
        }
        metrics.countRequest(endpoint: endpoint, status: response.status)
        return response
    }

    /// The path as a metrics label: the known endpoints, everything else one label.
    private static func endpoint(_ path: String) -> String {
        ["/v1/chat/completions", "/v1/completions", "/v1/models", "/health", "/metrics"].contains(path) ? path : "other"
    }

    private func route(_ request: HTTPRequest, endpoint: String) async throws -> HTTPResponse {
        switch (request.method, request.path) {
        case ("GET", "/health"):
            return switch currentPhase {
            case .ready: Self.json(200, ["status": "ok"])
            case .loading: Self.json(503, ["status": "loading"])
            case .draining: Self.json(503, ["status": "shutting down"])
            }
        case ("GET", "/metrics"):
            return HTTPResponse(status: 200, contentType: "text/plain; version=0.0.4",
                                text: metrics.render(queueDepth: admission.depth, active: admission.active, ready: currentPhase == .ready))
        case ("GET", "/v1/models"), ("POST", "/v1/chat/completions"), ("POST", "/v1/completions"):
            try authorize(request)
            if request.path == "/v1/models" {
                return Self.json(200, ModelList(ids: [configuration.modelID], created: createdAt, owner: "fm").wire)
            }
            try checkServing()
            let body = try Self.parse(request.body)
            if request.path == "/v1/chat/completions" {
                return try await chatCompletion(ChatCompletionRequest(wire: body))
            }
            return try await textCompletion(CompletionRequest(wire: body))
        case (_, "/health"), (_, "/metrics"), (_, "/v1/models"), (_, "/v1/chat/completions"), (_, "/v1/completions"):
            throw WireError(status: 405, message: "\(request.method) is not allowed on \(request.path).", type: "invalid_request_error", code: "method_not_allowed")
        default:
            throw WireError(status: 404, message: "No endpoint \(request.method) \(request.path); this server has /v1/chat/completions, /v1/completions, /v1/models, /health and /metrics.",
                            type: "invalid_request_error", code: "not_found")
        }
    }

    private func authorize(_ request: HTTPRequest) throws(WireError) {
        guard let key = configuration.apiKey else { return }
        let given = request.authorization ?? ""
        let prefix = "Bearer "
        let token = given.hasPrefix(prefix) ? String(given.dropFirst(prefix.count)) : ""
        guard Self.constantTimeEqual(Array(token.utf8), Array(key.utf8)) else {
            throw WireError(status: 401, message: request.authorization == nil ? "Missing API key: send 'Authorization: Bearer <key>'." : "Incorrect API key.",
                            type: "authentication_error", code: "invalid_api_key")
        }
    }

    /// Equal bytes, in time that depends only on the lengths (never on where they differ).
    static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: lhs.count ^ rhs.count) | (lhs.count == rhs.count ? 0 : 1)
        for index in 0..<max(lhs.count, rhs.count) {
            difference |= (index < lhs.count ? lhs[index] : 0) ^ (index < rhs.count ? rhs[index] : 0)
        }
        return difference == 0
    }

    private func checkServing() throws(WireError) {
        switch currentPhase {
        case .ready: return
        case .loading: throw WireError(status: 503, message: "The model is still loading; retry when /health answers 200.", type: "server_error", code: "model_loading")
        case .draining: throw WireError(status: 503, message: "The server is shutting down.", type: "server_error", code: "shutting_down")
        }
    }

    private static func parse(_ body: [UInt8]) throws(WireError) -> JSONValue {
        guard !body.isEmpty else { throw .invalidRequest("The request body is empty; send a JSON object.", code: "invalid_json") }
        do {
            return try JSONValue(parsing: body)
        } catch {
            throw .invalidRequest("The request body is not valid JSON: \(error).", code: "invalid_json")
        }
    }

    // MARK: - Generation

    private func admit() async throws -> AdmissionQueue.Lease {
        do {
            return try await admission.enter()
        } catch is AdmissionQueue.Full {
            throw WireError(status: 429, message: "The server is busy: \(admission.parallel) requests are generating and \(admission.capacity) are waiting. Retry later.",
                            type: "rate_limit_error", code: "queue_full")
        }
    }

    /// A non-streaming generation: admitted (or refused with 429) inside the time limit, run to
    /// its end, its usage counted.
    private func wholeGeneration(_ mapping: ExecutorRequestMapping, stop: [String], maximumTokens: Int?) async throws -> GenerationRunner<Model>.Outcome {
        let outcome = try await withTimeLimit {
            let lease = try await self.admit()
            defer { withExtendedLifetime(lease) {} }
            return try await self.runner.run(mapping, stop: stop, maximumTokens: maximumTokens) { _ in }
        }
        count(outcome.usage)
        return outcome
    }

    private func chatCompletion(_ request: ChatCompletionRequest) async throws -> HTTPResponse {
        let mapping = try ExecutorRequestMapping(request)
        let id = "chatcmpl-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let created = Int(Date().timeIntervalSince1970)
        let model = configuration.modelID
        if !request.stream {
            let outcome = try await wholeGeneration(mapping, stop: request.stop, maximumTokens: request.maximumTokens)
            let calls = outcome.calls.map { ToolCall(id: $0.id, name: $0.name, arguments: $0.arguments) }
            let message = ChatMessage.assistant(content: calls.isEmpty ? outcome.text : (outcome.text.isEmpty ? nil : outcome.text), toolCalls: calls)
            return Self.json(200, ChatCompletion(id: id, created: created, model: model, message: message,
                                                 finishReason: outcome.finishReason, usage: outcome.usage).wire)
        }
        // Admitted before the 200 goes out, so a full queue is still a 429.
        let lease = try await admit()
        let includeUsage = request.includeUsageInStream
        return Self.eventStream { writer in
            withExtendedLifetime(lease) {}
            @Sendable func send(_ delta: ChatCompletionChunk.Delta) -> Bool {
                writer.write(Array(ServerSentEvents.event(ChatCompletionChunk(id: id, created: created, model: model, delta: delta).wire).utf8))
            }
            _ = send(.role)
            do {
                let outcome = try await self.withTimeLimit {
                    try await self.runner.run(mapping, stop: request.stop, maximumTokens: request.maximumTokens) { piece in
                        switch piece {
                        case .text(let text): _ = send(.content(text))
                        case .toolCall(let index, let callID, let name, let arguments):
                            _ = send(.toolCall(index: index, id: callID, name: name, arguments: arguments))
                        }
                    }
                }
                self.count(outcome.usage)
                _ = send(.finish(outcome.finishReason))
                if includeUsage { _ = send(.usage(outcome.usage)) }
            } catch {
                if Task.isCancelled { return }
                writer.write(Array(ServerSentEvents.event(Self.wireError(error).body).utf8))
            }
            writer.write(Array(ServerSentEvents.done.utf8))
            _ = lease
        }
    }

    private func textCompletion(_ request: CompletionRequest) async throws -> HTTPResponse {
        var chat = try ChatCompletionRequest(wire: ["model": .string(request.model), "messages": [["role": "user", "content": .string(request.prompt)]]])
        chat.maximumTokens = request.maximumTokens
        chat.temperature = request.temperature
        chat.topP = request.topP
        chat.seed = request.seed
        let mapping = try ExecutorRequestMapping(chat)
        let id = "cmpl-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let created = Int(Date().timeIntervalSince1970)
        let model = configuration.modelID
        if !request.stream {
            let outcome = try await wholeGeneration(mapping, stop: request.stop, maximumTokens: request.maximumTokens)
            return Self.json(200, TextCompletion(id: id, created: created, model: model, text: outcome.text,
                                                 finishReason: outcome.finishReason, usage: outcome.usage).wire)
        }
        let lease = try await admit()
        let includeUsage = request.includeUsageInStream
        return Self.eventStream { writer in
            @Sendable func send(_ text: String, finish: FinishReason? = nil, usage: OpenAIWire.Usage? = nil) {
                writer.write(Array(ServerSentEvents.event(TextCompletion(id: id, created: created, model: model, text: text,
                                                                         finishReason: finish, usage: usage).wire).utf8))
            }
            do {
                let outcome = try await self.withTimeLimit {
                    try await self.runner.run(mapping, stop: request.stop, maximumTokens: request.maximumTokens) { piece in
                        if case .text(let text) = piece { send(text) }
                    }
                }
                self.count(outcome.usage)
                send("", finish: outcome.finishReason, usage: includeUsage ? outcome.usage : nil)
            } catch {
                if Task.isCancelled { return }
                writer.write(Array(ServerSentEvents.event(Self.wireError(error).body).utf8))
            }
            writer.write(Array(ServerSentEvents.done.utf8))
            _ = lease
        }
    }

    private func count(_ usage: OpenAIWire.Usage) {
        metrics.countTokens((usage.promptTokens, usage.cachedTokens, usage.completionTokens))
    }

    /// Runs `operation`, cancelling it past the request time limit.
    ///
    /// - throws: `WireError` 504 when the limit passed; the operation's error otherwise.
    private func withTimeLimit<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        let limit = configuration.requestTimeLimit
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else {
                throw WireError(status: 504, message: "The request took longer than the server's limit of \(limit).", type: "server_error", code: "timeout")
            }
            return value
        }
    }

    // MARK: - Responses

    private static func wireError(_ error: any Error) -> WireError {
        (error as? WireError) ?? WireError(status: 500, message: "\(error)", type: "server_error")
    }

    static func json(_ status: Int, _ value: JSONValue) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", text: value.serialized())
    }

    static func errorResponse(_ error: WireError) -> HTTPResponse {
        var response = json(error.status, error.body)
        if error.status == 429 { response.headers.append(("Retry-After", "1")) }
        return response
    }

    static func eventStream(_ produce: @escaping @Sendable (any ResponseStreamWriter) async -> Void) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache")], body: .stream(produce))
    }
}
