import Foundation
import FoundationModels
import JSONSchemaValidation
@testable import ModelServer
import Testing

/// The default model, as the other real-model suites find it.
let defaultModelURL = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/fm/models/SmolLM2-135M-Instruct.Q4_1.gguf")
let defaultModelPresent = FileManager.default.fileExists(atPath: defaultModelURL.path)

/// A server on the real default model, in this process, on an ephemeral port of 127.0.0.1.
struct RunningServer {
    let model: SystemLanguageModel
    let server: ModelServer<SystemLanguageModel>
    let http: HTTPServer
    var port: UInt16 { http.port }

    static func start(parallel: Int = 2, queue: Int = 4, apiKey: String? = nil, maximumBodyBytes: Int = 1 << 20,
                      idleTimeoutSeconds: Int = 60, load: Bool = true) async throws -> RunningServer {
        let model = SystemLanguageModel(contentsOf: defaultModelURL, contextSize: 2048)
        let server = try ModelServer(model: model, configuration: .init(
            modelID: "smollm2", apiKey: apiKey, parallel: parallel, queueCapacity: queue, requestTimeLimit: .seconds(120)))
        let http = try HTTPServer(configuration: .init(host: "127.0.0.1", port: 0, maximumBodyBytes: maximumBodyBytes,
                                                       idleTimeoutSeconds: idleTimeoutSeconds), handler: server)
        if load { try await server.load { _ = try await model.tokenCount(for: Instructions("")) } }
        return RunningServer(model: model, server: server, http: http)
    }

    /// The one loaded server most tests share.
    static let shared = Task { try await start() }

    func stop() async {
        server.beginDraining()
        await http.shutdown(grace: .seconds(10))
    }
}

func chat(_ content: String, maxTokens: Int = 8, extra: JSONObject = [:]) -> JSONValue {
    var object: JSONObject = ["model": "smollm2", "messages": [["role": "user", "content": .string(content)]],
                              "max_tokens": .number(JSONNumber(maxTokens)), "temperature": 0]
    for (key, value) in extra { object[key] = value }
    return .object(object)
}

func integer(_ value: JSONValue?) -> Int? { value?.number?.int64Value.map(Int.init) }

@Suite("fm serve endpoints on the default model", .serialized, .enabled(if: defaultModelPresent, "the default model is not downloaded"))
struct ServerEndpointTests {
    @Test func healthIsReadyAndModelsListTheModel() async throws {
        let running = try await RunningServer.shared.value
        let health = try await Loopback.get(port: running.port, path: "/health")
        #expect(health.status == 200)
        let models = try await Loopback.get(port: running.port, path: "/v1/models")
        #expect(models.status == 200)
        #expect(models.json?["data"]?.array?.first?["id"] == "smollm2")
    }

    @Test func healthIs503UntilTheModelIsLoaded() async throws {
        let running = try await RunningServer.start(load: false)
        #expect(try await Loopback.get(port: running.port, path: "/health").status == 503)
        let refused = try await Loopback.post(port: running.port, json: chat("Hi"))
        #expect(refused.status == 503)
        #expect(refused.json?["error"]?["code"] == "model_loading")
        try await running.server.load { _ = try await running.model.tokenCount(for: Instructions("")) }
        #expect(try await Loopback.get(port: running.port, path: "/health").status == 200)
        await running.stop()
    }

    @Test func chatCompletionUsageIsTheSessionsExactCount() async throws {
        let running = try await RunningServer.shared.value
        let prompt = "Name one color of the rainbow."
        let response = try await Loopback.post(port: running.port, json: chat(prompt, maxTokens: 6))
        #expect(response.status == 200)
        let json = try #require(response.json)
        #expect(json["object"] == "chat.completion")
        let choice = try #require(json["choices"]?.array?.first)
        #expect(choice["message"]?["role"] == "assistant")
        #expect(choice["message"]?["content"]?.string != nil)
        #expect(["stop", "length"].contains(choice["finish_reason"]?.string ?? ""))
        let usage = try #require(json["usage"])
        let completion = try #require(integer(usage["completion_tokens"]))
        #expect((1...6).contains(completion))
        #expect(integer(usage["total_tokens"]) == (integer(usage["prompt_tokens"]) ?? 0) + completion)

        // The library's own count of the same prompt, through a session on the same model.
        let session = LanguageModelSession(model: running.model)
        let reference = try await session.respond(to: prompt, options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 1))
        #expect(integer(usage["prompt_tokens"]) == reference.usage.input.totalTokenCount)

        // The same prompt again: the KV cache holds its prefix.
        let again = try #require(try await Loopback.post(port: running.port, json: chat(prompt, maxTokens: 2)).json)
        let cached = try #require(integer(again["usage"]?["prompt_tokens_details"]?["cached_tokens"]))
        #expect(cached > 0)
        #expect(cached <= integer(again["usage"]?["prompt_tokens"]) ?? 0)
    }

    @Test func streamCarriesTheSameTextAsTheWholeAnswerThenUsageAndDone() async throws {
        let running = try await RunningServer.shared.value
        let prompt = "Write a word."
        let whole = try #require(try await Loopback.post(port: running.port, json: chat(prompt, maxTokens: 10)).json)
        let streamed = try await Loopback.post(port: running.port, json: chat(prompt, maxTokens: 10, extra: [
            "stream": true, "stream_options": ["include_usage": true]]))
        #expect(streamed.status == 200)
        #expect(streamed.headers["content-type"] == "text/event-stream")
        let events = streamed.events
        #expect(events.last == "[DONE]")
        let chunks = events.dropLast().compactMap { try? JSONValue(parsing: $0) }
        #expect(chunks.count == events.count - 1)
        #expect(chunks.first?["choices"]?.array?.first?["delta"]?["role"] == "assistant")
        let text = chunks.compactMap { $0["choices"]?.array?.first?["delta"]?["content"]?.string }.joined()
        #expect(text == whole["choices"]?.array?.first?["message"]?["content"]?.string)
        let finish = chunks.compactMap { $0["choices"]?.array?.first?["finish_reason"]?.string }
        #expect(finish == [whole["choices"]?.array?.first?["finish_reason"]?.string ?? "?"])
        let usage = try #require(chunks.last?["usage"])
        #expect(chunks.last?["choices"]?.array?.isEmpty == true)
        #expect(integer(usage["completion_tokens"]) == integer(whole["usage"]?["completion_tokens"]))
        #expect(integer(usage["prompt_tokens"]) == integer(whole["usage"]?["prompt_tokens"]))
    }

    @Test func jsonSchemaOutputIsValidAgainstTheSchema() async throws {
        let running = try await RunningServer.shared.value
        let schema: JSONValue = [
            "type": "object",
            "properties": ["city": ["type": "string", "maxLength": 24], "population": ["type": "integer", "minimum": 0, "maximum": 100_000_000],
                           "tags": ["type": "array", "items": ["enum": ["big", "small", "old"]], "maxItems": 3]],
            "required": ["city", "population", "tags"], "additionalProperties": false,
        ]
        let response = try await Loopback.post(port: running.port, json: chat("Describe a city as JSON.", maxTokens: 120, extra: [
            "response_format": ["type": "json_schema", "json_schema": ["name": "city", "strict": true, "schema": schema]]]))
        #expect(response.status == 200)
        let content = try #require(response.json?["choices"]?.array?.first?["message"]?["content"]?.string)
        let value = try JSONValue(parsing: content)
        #expect(try JSONSchema(schema).validate(value).isValid, "\(content)")
    }

    @Test func jsonObjectOutputIsAnObject() async throws {
        let running = try await RunningServer.shared.value
        let response = try await Loopback.post(port: running.port, json: chat("Reply with a JSON object.", maxTokens: 60, extra: [
            "response_format": ["type": "json_object"]]))
        #expect(response.status == 200)
        let choice = response.json?["choices"]?.array?.first
        // Complete within the budget, or cut off by it (OpenAI's "length").
        if choice?["finish_reason"] == "stop" {
            let content = try #require(choice?["message"]?["content"]?.string)
            #expect(try JSONValue(parsing: content).object != nil, "\(content)")
        } else {
            #expect(choice?["finish_reason"] == "length")
        }
    }

    @Test func stopSequenceEndsTheAnswerBeforeIt() async throws {
        let running = try await RunningServer.shared.value
        // The grammar forces the text, so where the stop falls is known.
        let schema: JSONValue = ["enum": ["alpha beta gamma"]]
        for stream in [false, true] {
            let response = try await Loopback.post(port: running.port, json: chat("Say it.", maxTokens: 20, extra: [
                "stop": [" beta"], "stream": .bool(stream),
                "response_format": ["type": "json_schema", "json_schema": ["name": "forced", "schema": schema]]]))
            #expect(response.status == 200)
            let text: String
            if stream {
                text = response.events.dropLast().compactMap { try? JSONValue(parsing: $0) }
                    .compactMap { $0["choices"]?.array?.first?["delta"]?["content"]?.string }.joined()
            } else {
                text = response.json?["choices"]?.array?.first?["message"]?["content"]?.string ?? "?"
                #expect(response.json?["choices"]?.array?.first?["finish_reason"] == "stop")
            }
            #expect(text == "\"alpha")
        }
    }

    @Test func toolCallsGoToTheClientAndTheirOutputsComeBack() async throws {
        let running = try await RunningServer.shared.value
        let parameters: JSONValue = ["type": "object", "properties": ["city": ["type": "string", "maxLength": 20]], "required": ["city"]]
        let tools: JSONValue = [["type": "function", "function": [
            "name": "get_weather", "description": "The current weather in a city.", "parameters": parameters]]]
        let question: JSONValue = ["role": "user", "content": "What is the weather in Paris?"]
        let first = try await Loopback.post(port: running.port, json: [
            "model": "smollm2", "messages": [question], "tools": tools, "tool_choice": "required", "max_tokens": 60, "temperature": 0])
        #expect(first.status == 200)
        let choice = try #require(first.json?["choices"]?.array?.first)
        #expect(choice["finish_reason"] == "tool_calls")
        let calls = try #require(choice["message"]?["tool_calls"]?.array)
        #expect(!calls.isEmpty)
        for call in calls {
            #expect(call["type"] == "function")
            #expect(call["function"]?["name"] == "get_weather")
            let arguments = try JSONValue(parsing: try #require(call["function"]?["arguments"]?.string))
            #expect(try JSONSchema(parameters).validate(arguments).isValid)
        }
        let outputs: [JSONValue] = calls.map { ["role": "tool", "tool_call_id": $0["id"] ?? "", "content": "18°C, clear"] }
        let second = try await Loopback.post(port: running.port, json: [
            "model": "smollm2", "messages": .array([question, choice["message"]!] + outputs), "tools": tools,
            "tool_choice": "none", "max_tokens": 12, "temperature": 0])
        #expect(second.status == 200, "\(second.text)")
        let answer = second.json?["choices"]?.array?.first
        #expect(answer?["message"]?["content"]?.string != nil)
        #expect(answer?["message"]?["tool_calls"] == nil)
    }

    @Test func streamedToolCallsArriveAsDeltas() async throws {
        let running = try await RunningServer.shared.value
        let tools: JSONValue = [["type": "function", "function": [
            "name": "lookup", "parameters": ["type": "object", "properties": ["term": ["type": "string", "maxLength": 12]], "required": ["term"]]]]]
        let response = try await Loopback.post(port: running.port, json: [
            "model": "smollm2", "messages": [["role": "user", "content": "Look up 'swift'."]], "tools": tools,
            "tool_choice": ["type": "function", "function": ["name": "lookup"]], "max_tokens": 60, "stream": true])
        #expect(response.status == 200)
        let chunks = response.events.dropLast().compactMap { try? JSONValue(parsing: $0) }
        let deltas = chunks.compactMap { $0["choices"]?.array?.first?["delta"]?["tool_calls"]?.array?.first }
        #expect(!deltas.isEmpty)
        #expect(deltas.first?["function"]?["name"] == "lookup")
        #expect(deltas.first?["id"]?.string != nil)
        #expect(chunks.compactMap { $0["choices"]?.array?.first?["finish_reason"]?.string } == ["tool_calls"])
    }

    @Test func completionsEndpointAnswersText() async throws {
        let running = try await RunningServer.shared.value
        let response = try await Loopback.post(port: running.port, path: "/v1/completions", json: [
            "model": "smollm2", "prompt": "The sky is", "max_tokens": 5, "temperature": 0])
        #expect(response.status == 200)
        #expect(response.json?["object"] == "text_completion")
        #expect(response.json?["choices"]?.array?.first?["text"]?.string != nil)
        #expect((1...5).contains(integer(response.json?["usage"]?["completion_tokens"]) ?? 0))
    }

    @Test func metricsCountRequestsTokensAndLatencies() async throws {
        let running = try await RunningServer.shared.value
        _ = try await Loopback.post(port: running.port, json: chat("Hello", maxTokens: 3, extra: ["stream": true]))
        let metrics = try await Loopback.get(port: running.port, path: "/metrics")
        #expect(metrics.status == 200)
        let text = metrics.text
        #expect(text.contains("fm_requests_total{endpoint=\"/v1/chat/completions\",status=\"200\"}"))
        for name in ["fm_prompt_tokens_total", "fm_completion_tokens_total", "fm_queue_depth", "fm_time_to_first_token_seconds_count",
                     "fm_token_latency_seconds_count"] {
            let line = text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
            #expect(line != nil, "\(name) missing")
        }
        let completion = text.split(separator: "\n").first { $0.hasPrefix("fm_completion_tokens_total ") }
        #expect((completion.flatMap { Int($0.split(separator: " ")[1]) } ?? 0) > 0)
    }
}
