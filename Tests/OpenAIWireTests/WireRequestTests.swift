import JSONSchemaValidation
import OpenAIWire
import Testing

@Suite("ChatCompletionRequest")
struct ChatCompletionRequestTests {
    func decode(_ json: String) throws(WireError) -> ChatCompletionRequest {
        try ChatCompletionRequest(wire: try! JSONValue(parsing: json))
    }

    func expectError(_ json: String, param: String?, code: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try decode(json)
            Issue.record("decoded \(json)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.status == 400, sourceLocation: sourceLocation)
            #expect(error.param == param, "\(error.message)", sourceLocation: sourceLocation)
            if let code { #expect(error.code == code, "\(error.message)", sourceLocation: sourceLocation) }
        }
    }

    @Test func readsEverySupportedField() throws {
        let request = try decode("""
            {"model":"m","messages":[{"role":"system","content":"Be brief."},{"role":"user","content":[{"type":"text","text":"Hi "},{"type":"text","text":"there"}]},
             {"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"f","arguments":"{}"}}],"refusal":null},
             {"role":"tool","tool_call_id":"c1","content":"ok"}],
             "stream":true,"stream_options":{"include_usage":true},"max_completion_tokens":5,"temperature":0.5,"top_p":0.9,"seed":42,
             "stop":"END","response_format":{"type":"json_object"},
             "tools":[{"type":"function","function":{"name":"f","description":"d","parameters":{"type":"object"}}}],"tool_choice":"auto",
             "n":1,"parallel_tool_calls":true,"user":"u1","frequency_penalty":0,"presence_penalty":0.0,"logprobs":false}
            """)
        #expect(request.messages == [.system("Be brief."), .user("Hi there"), .assistant(content: nil, toolCalls: [ToolCall(id: "c1", name: "f", arguments: "{}")]),
                                     .tool(toolCallID: "c1", content: "ok")])
        #expect(request.stream && request.includeUsageInStream)
        #expect(request.maximumTokens == 5)
        #expect(request.temperature == 0.5 && request.topP == 0.9 && request.seed == 42)
        #expect(request.stop == ["END"])
        #expect(request.responseFormat == .jsonObject)
        #expect(request.tools.map(\.name) == ["f"])
        #expect(request.toolChoice == .auto)
    }

    @Test func unknownParametersAreNamedAllAtOnce() {
        do {
            _ = try decode(#"{"model":"m","messages":[{"role":"user","content":"x"}],"logit_bias":{},"top_k":3,"ignored":null}"#)
            Issue.record("decoded")
        } catch {
            #expect(error.code == "unsupported_parameter")
            #expect(error.message == "Unsupported parameters: 'logit_bias', 'top_k'.")
            #expect(error.param == "logit_bias")
        }
    }

    @Test func nestedUnknownFieldsAreNamedWithTheirPath() {
        expectError(#"{"model":"m","messages":[{"role":"user","content":"x","name":"bob"}]}"#, param: "messages[0].name", code: "unsupported_parameter")
        expectError(#"{"model":"m","messages":[{"role":"user","content":"x"}],"response_format":{"type":"json_schema","json_schema":{"name":"n","schema":{},"extra":1}}}"#,
                    param: "response_format.json_schema.extra", code: "unsupported_parameter")
    }

    @Test func badValuesNameTheirField() {
        let user = #""messages":[{"role":"user","content":"x"}]"#
        expectError(#"{"messages":[{"role":"user","content":"x"}]}"#, param: "model", code: "missing_required_parameter")
        expectError(#"{"model":"m","messages":[]}"#, param: "messages")
        expectError("{\"model\":\"m\",\(user),\"temperature\":3}", param: "temperature", code: "invalid_value")
        expectError("{\"model\":\"m\",\(user),\"temperature\":\"warm\"}", param: "temperature", code: "invalid_type")
        expectError("{\"model\":\"m\",\(user),\"max_tokens\":1.5}", param: "max_tokens", code: "invalid_type")
        expectError("{\"model\":\"m\",\(user),\"max_tokens\":2,\"max_completion_tokens\":2}", param: "max_tokens")
        expectError("{\"model\":\"m\",\(user),\"seed\":-1}", param: "seed", code: "invalid_type")
        expectError("{\"model\":\"m\",\(user),\"stop\":[\"\"]}", param: "stop")
        expectError("{\"model\":\"m\",\(user),\"stop\":[1]}", param: "stop", code: "invalid_type")
        expectError("{\"model\":\"m\",\(user),\"n\":3}", param: "n", code: "unsupported_value")
        expectError("{\"model\":\"m\",\(user),\"stream_options\":{\"include_usage\":true}}", param: "stream_options")
        expectError("{\"model\":\"m\",\(user),\"tool_choice\":{\"type\":\"function\",\"function\":{\"name\":\"g\"}},\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"f\"}}]}",
                    param: "tool_choice")
        expectError("{\"model\":\"m\",\(user),\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"bad name\"}}]}", param: "tools[0].function.name", code: "invalid_value")
        expectError("{\"model\":\"m\",\(user),\"response_format\":{\"type\":\"yaml\"}}", param: "response_format.type", code: "invalid_value")
        expectError(#"{"model":"m","messages":[{"role":"assistant"}]}"#, param: "messages[0].content")
        expectError(#"{"model":"m","messages":"hi"}"#, param: "messages", code: "invalid_type")
    }

    @Test func errorBodyHasOpenAIsShape() {
        let error = WireError.invalidRequest("Bad.", param: "p", code: "c")
        #expect(error.body.serialized(.init(sortsKeys: true)) == #"{"error":{"code":"c","message":"Bad.","param":"p","type":"invalid_request_error"}}"#)
        #expect(WireError(status: 400, body: error.body) == error)
    }
}

@Suite("CompletionRequest and responses")
struct CompletionWireTests {
    @Test func promptMustBeOneString() throws {
        let request = try CompletionRequest(wire: try JSONValue(parsing: #"{"model":"m","prompt":"Once","max_tokens":3,"echo":false}"#))
        #expect(request.prompt == "Once" && request.maximumTokens == 3)
        #expect(throws: WireError.self) { try CompletionRequest(wire: try JSONValue(parsing: #"{"model":"m","prompt":["a","b"]}"#)) }
        #expect(throws: WireError.self) { try CompletionRequest(wire: try JSONValue(parsing: #"{"model":"m","prompt":"a","suffix":"b"}"#)) }
    }

    @Test func chunksAndUsageSerializeAsOpenAIs() {
        let usage = Usage(promptTokens: 10, completionTokens: 3, cachedTokens: 4)
        #expect(usage.wire["total_tokens"] == 13)
        #expect(usage.wire["prompt_tokens_details"]?["cached_tokens"] == 4)
        let chunk = ChatCompletionChunk(id: "c", created: 1, model: "m", delta: .toolCall(index: 0, id: "t", name: "f", arguments: "{"))
        let call = chunk.wire["choices"]?.array?.first?["delta"]?["tool_calls"]?.array?.first
        #expect(call?["id"] == "t" && call?["function"]?["name"] == "f" && call?["function"]?["arguments"] == "{")
        #expect(ServerSentEvents.event(["a": 1]) == "data: {\"a\":1}\n\n")
    }
}
