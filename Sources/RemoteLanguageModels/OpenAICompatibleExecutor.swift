import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import FoundationModels
import JSONSchemaValidation
import OpenAIWire

/// Runs ``OpenAICompatibleLanguageModel``'s requests: one streamed `POST /chat/completions`
/// per model turn, its server-sent events sent to the channel as they arrive.
///
/// Around the exchange: 429 and 503 answers are retried by the model's ``RetryPolicy``; each
/// exchange is bounded in time (``OpenAICompatibleLanguageModel/timeout``) and size
/// (``OpenAICompatibleLanguageModel/maximumResponseBytes``); a cancelled task closes the
/// connection. A structured answer is checked against its schema before the turn ends, so a
/// server that ignores the schema yields `GenerationError.decodingFailure` naming the
/// violation (or, when the model allows, the request is sent again), never a bad value.
public struct OpenAICompatibleExecutor: LanguageModelExecutor {
    /// Empty: the executor reads every setting from the model of each request.
    public struct Configuration: Hashable, Sendable {
        public init() {}
    }

    public init(configuration: Configuration) {}

    public func respond(
        to request: LanguageModelExecutorGenerationRequest, model: OpenAICompatibleLanguageModel,
        streamingInto channel: LanguageModelExecutorGenerationChannel
    ) async throws {
        let mapping = try ChatRequestMapping(request, model: model)
        let urlRequest = Self.urlRequest(body: Data(mapping.body.serialized().utf8), model: model)
        var earlierUsage: LanguageModelExecutorGenerationChannel.Usage?
        var resends = 0
        while true {
            let turn = try await Self.exchange(urlRequest, model: model, channel: channel)
            if let validator = mapping.validator, !turn.hasCalls, let violation = Self.violation(of: validator, in: turn) {
                guard resends < model.invalidStructuredOutputRetries else {
                    throw LanguageModelSession.GenerationError.decodingFailure(.init(debugDescription:
                        "The server's answer does not follow the schema '\(request.schema?.name ?? "response")'"
                        + (resends > 0 ? " (\(resends + 1) attempts)" : "") + ": \(violation)"))
                }
                resends += 1
                earlierUsage = turn.totalUsage(adding: earlierUsage)
                await channel.send(.response(action: .replaceText("", tokenCount: 0)))
                continue
            }
            for event in try turn.finish(usageBefore: earlierUsage) { await channel.send(event) }
            return
        }
    }

    /// Why a structured answer is not a value of its schema, or nil when it is.
    static func violation(of validator: JSONSchema, in turn: StreamedTurn) -> String? {
        let cutOff = turn.finishReason == "length" ? " (the answer was cut off by the token limit)" : ""
        let value: JSONValue
        do {
            value = try JSONValue(parsing: turn.text)
        } catch {
            return "the answer is not JSON\(cutOff): \(error); it begins \(turn.text.prefix(120).debugDescription)"
        }
        let result = validator.validate(value)
        guard !result.isValid else { return nil }
        return result.errors.prefix(5).map(\.description).joined(separator: "; ") + cutOff
    }

    static func urlRequest(body: Data, model: OpenAICompatibleLanguageModel) -> URLRequest {
        let seconds = Double(model.timeout.components.seconds) + Double(model.timeout.components.attoseconds) / 1e18
        var request = URLRequest(url: model.chatCompletionsURL, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: max(seconds, 0.001))
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("text/event-stream, application/json", forHTTPHeaderField: "Accept")
        if let apiKey = model.apiKey { request.setValue("Bearer \(apiKey)", forHTTPHeaderField: "Authorization") }
        return request
    }

    // MARK: - One turn, retried

    /// What one HTTP exchange came to.
    enum Outcome: Sendable {
        case answered(StreamedTurn)
        /// A 429 or 503: the server may take the request later.
        case turnedAway(RemoteLanguageModelError, status: Int, retryAfter: Duration?)
    }

    /// Sends the request until the server answers, retrying 429 and 503 as the policy allows.
    ///
    /// - throws: `LanguageModelError.rateLimited` for a 429 past the retries (with the date the
    ///   server named), ``RemoteLanguageModelError`` for other failures,
    ///   `LanguageModelError.timeout`, `CancellationError`.
    static func exchange(
        _ request: URLRequest, model: OpenAICompatibleLanguageModel, channel: LanguageModelExecutorGenerationChannel
    ) async throws -> StreamedTurn {
        var attempt = 1
        while true {
            let outcome = try await withTimeLimit(model.timeout) {
                try await attemptExchange(request, model: model, channel: channel)
            }
            switch outcome {
            case .answered(let turn):
                return turn
            case .turnedAway(let error, let status, let retryAfter):
                if let delay = model.retryPolicy.delay(afterAttempt: attempt, retryAfter: retryAfter) {
                    try await Task.sleep(for: delay)
                    attempt += 1
                    continue
                }
                guard status == 429 else { throw error }
                let resetDate = retryAfter.map { Date(timeIntervalSinceNow: Double($0.components.seconds)) }
                throw LanguageModelError.rateLimited(.init(
                    resetDate: resetDate,
                    debugDescription: "\(error) (after \(attempt) attempt\(attempt == 1 ? "" : "s")"
                        + (retryAfter.map { "; the server asks to wait \($0.components.seconds) s" } ?? "") + ")",
                    metadata: ["status": status, "attempts": attempt]))
            }
        }
    }

    /// Runs `body` for at most `limit`; past it, cancels `body` (closing its connection).
    ///
    /// - throws: `LanguageModelError.timeout` past the limit, else what `body` throws.
    static func withTimeLimit<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let timeout = LanguageModelError.timeout(.init(debugDescription:
            "The server did not finish its answer within \(limit); the connection was closed."))
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                do {
                    return try await body()
                } catch is TransportTimeout {
                    throw timeout
                }
            }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else {
                try Task.checkCancellation()
                throw timeout
            }
            return value
        }
    }

    /// The most of an error body kept for its message.
    static let maximumErrorBodyBytes = 64 << 10

    /// One HTTP exchange: status and headers, then the body as a stream of events (or one
    /// JSON completion), sent to the channel as it comes.
    static func attemptExchange(
        _ request: URLRequest, model: OpenAICompatibleLanguageModel, channel: LanguageModelExecutorGenerationChannel
    ) async throws -> Outcome {
        let exchange = HTTPExchange(request, maximumBytes: model.maximumResponseBytes)
        defer { exchange.cancel() }
        var events = exchange.events.makeAsyncIterator()
        guard case .head(let status, let headers)? = try await events.next() else {
            try Task.checkCancellation()
            throw RemoteLanguageModelError.connectionLost("The server closed the connection without answering.")
        }

        guard (200..<300).contains(status) else {
            var body: [UInt8] = []
            while body.count < maximumErrorBodyBytes, case .body(let data)? = try await events.next() { body += data }
            try Task.checkCancellation()
            let error = serverError(status: status, body: body)
            if RetryPolicy.retriedStatuses.contains(status) {
                return .turnedAway(error, status: status, retryAfter: headers["retry-after"].flatMap(retryAfter))
            }
            throw error
        }

        var turn = StreamedTurn()
        if !(headers["content-type"] ?? "").lowercased().hasPrefix("text/event-stream") {
            // A server that answers a stream request with one completion.
            var body: [UInt8] = []
            while case .body(let data)? = try await events.next() { body += data }
            try Task.checkCancellation()
            let completion: ReceivedChatCompletion
            do {
                completion = try ReceivedChatCompletion(reading: try JSONValue(parsing: body))
            } catch {
                throw RemoteLanguageModelError.malformedResponse("\(error)")
            }
            for event in try turn.apply(completion) { await channel.send(event) }
            return .answered(turn)
        }

        var parser = ServerSentEventParser(maximumEventBytes: model.maximumResponseBytes)
        var done = false
        reading: while case .body(let data)? = try await events.next() {
            for payload in try parser.feed(data) {
                if payload.trimmingCharacters(in: .whitespaces) == "[DONE]" {
                    done = true
                    break reading
                }
                let json: JSONValue
                do {
                    json = try JSONValue(parsing: payload)
                } catch {
                    throw RemoteLanguageModelError.malformedResponse("A stream event is not JSON (\(error)): \(payload.prefix(200).debugDescription)")
                }
                if let error = WireError(status: status, body: json) {
                    throw RemoteLanguageModelError.serverError(status: status, message: error.message, type: error.type, code: error.code)
                }
                let chunk: ReceivedChatCompletionChunk
                do {
                    chunk = try ReceivedChatCompletionChunk(reading: json)
                } catch {
                    throw RemoteLanguageModelError.malformedResponse(error.description)
                }
                for event in try turn.apply(chunk) { await channel.send(event) }
            }
        }
        try Task.checkCancellation()
        guard done || turn.finishReason != nil else {
            throw RemoteLanguageModelError.connectionLost("The stream ended before the answer did (no finish_reason and no [DONE]).")
        }
        return .answered(turn)
    }

    /// An error answer as a typed error: the OpenAI error body's message, else the body's start.
    static func serverError(status: Int, body: [UInt8]) -> RemoteLanguageModelError {
        if let json = try? JSONValue(parsing: body), let wire = WireError(status: status, body: json) {
            return .serverError(status: status, message: wire.message, type: wire.type, code: wire.code)
        }
        let text = String(decoding: body.prefix(500), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return .serverError(status: status, message: text.isEmpty ? HTTPURLResponse.localizedString(forStatusCode: status) : text, type: nil, code: nil)
    }

    /// `Retry-After` as a wait: delta-seconds, or an HTTP date.
    static func retryAfter(_ value: String) -> Duration? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(trimmed), seconds >= 0 { return .seconds(seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: trimmed) else { return nil }
        return .seconds(max(0, Int(date.timeIntervalSinceNow.rounded(.up))))
    }
}
