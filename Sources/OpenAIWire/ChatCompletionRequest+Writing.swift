import JSONCore

/// The client's side of the request types: building a request and writing it as the body a
/// Chat Completions server reads.
///
/// ```swift
/// let request = ChatCompletionRequest(model: "smollm2", messages: [.user("Hi")], stream: true)
/// let body = request.wire.serialized()
/// ```
extension ChatCompletionRequest {
    /// Creates a request; every parameter left at its default is left out of ``wire``.
    public init(
        model: String, messages: [ChatMessage], stream: Bool = false, includeUsageInStream: Bool = false,
        maximumTokens: Int? = nil, temperature: Double? = nil, topP: Double? = nil, seed: UInt64? = nil,
        stop: [String] = [], responseFormat: ResponseFormat = .text, tools: [FunctionTool] = [],
        toolChoice: ToolChoice? = nil
    ) {
        self.model = model
        self.messages = messages
        self.stream = stream
        self.includeUsageInStream = includeUsageInStream
        self.maximumTokens = maximumTokens
        self.temperature = temperature
        self.topP = topP
        self.seed = seed
        self.stop = stop
        self.responseFormat = responseFormat
        self.tools = tools
        self.toolChoice = toolChoice ?? (tools.isEmpty ? .none : .auto)
    }

    /// The request body. `tool_choice` is written only with tools (a server may refuse it
    /// alone), `max_tokens` under its older name (every server reads that one).
    public var wire: JSONValue {
        var object: JSONObject = ["model": .string(model), "messages": .array(messages.map(\.wire))]
        if stream {
            object["stream"] = true
            if includeUsageInStream { object["stream_options"] = ["include_usage": true] }
        }
        if let maximumTokens { object["max_tokens"] = .number(JSONNumber(maximumTokens)) }
        if let temperature { object["temperature"] = .number(JSONNumber(temperature)) }
        if let topP { object["top_p"] = .number(JSONNumber(topP)) }
        if let seed { object["seed"] = .number(JSONNumber(literal: String(seed)) ?? JSONNumber(0)) }
        if !stop.isEmpty { object["stop"] = .array(stop.map(JSONValue.string)) }
        if responseFormat != .text { object["response_format"] = responseFormat.wire }
        if !tools.isEmpty {
            object["tools"] = .array(tools.map(\.wire))
            object["tool_choice"] = toolChoice.wire
        }
        return .object(object)
    }
}

extension ResponseFormat {
    /// The `response_format` object.
    public var wire: JSONValue {
        switch self {
        case .text: return ["type": "text"]
        case .jsonObject: return ["type": "json_object"]
        case .jsonSchema(let name, let description, let schema, let strict):
            var format: JSONObject = ["name": .string(name), "schema": schema, "strict": .bool(strict)]
            if let description { format["description"] = .string(description) }
            return ["type": "json_schema", "json_schema": .object(format)]
        }
    }
}

extension FunctionTool {
    /// Creates a function tool.
    ///
    /// - parameter parameters: The JSON Schema of the arguments.
    public init(name: String, description: String, parameters: JSONValue, strict: Bool = false) {
        self.name = name
        self.description = description
        self.parameters = parameters
        self.strict = strict
    }

    /// The `tools[]` element.
    public var wire: JSONValue {
        var function: JSONObject = ["name": .string(name), "parameters": parameters]
        if !description.isEmpty { function["description"] = .string(description) }
        if strict { function["strict"] = true }
        return ["type": "function", "function": .object(function)]
    }
}

extension ToolChoice {
    /// The `tool_choice` value.
    public var wire: JSONValue {
        switch self {
        case .none: "none"
        case .auto: "auto"
        case .required: "required"
        case .function(let name): ["type": "function", "function": ["name": .string(name)]]
        }
    }
}
