import JSONCore

/// A `POST /v1/chat/completions` body, read strictly: every parameter the server implements
/// is here, anything else is refused by name (never ignored, so a client never believes a
/// setting took effect when it did not).
public struct ChatCompletionRequest: Sendable, Equatable {
    public var model: String
    public var messages: [ChatMessage]
    public var stream: Bool
    /// `stream_options.include_usage`: a last chunk with the usage and no choices.
    public var includeUsageInStream: Bool
    /// `max_completion_tokens`, or the older `max_tokens`.
    public var maximumTokens: Int?
    public var temperature: Double?
    public var topP: Double?
    public var seed: UInt64?
    /// Up to four strings; the answer ends before the first that appears.
    public var stop: [String]
    public var responseFormat: ResponseFormat
    public var tools: [FunctionTool]
    public var toolChoice: ToolChoice

    /// The most stop sequences a request may carry (OpenAI's limit).
    public static let maximumStopSequences = 4

    /// Reads a request body.
    ///
    /// - throws: `WireError` (400) naming the first field that is missing, of the wrong type,
    ///   out of range, or not supported.
    public init(wire value: JSONValue) throws(WireError) {
        var object = try WireObject(value, at: "")
        model = try object.required("model", as: String.self)
        guard let messageValues = try object.array("messages") else {
            throw .invalidRequest("Missing required parameter: 'messages'.", param: "messages", code: "missing_required_parameter")
        }
        guard !messageValues.isEmpty else { throw .invalidRequest("'messages' must not be empty.", param: "messages") }
        var messages: [ChatMessage] = []
        for (index, message) in messageValues.enumerated() {
            messages.append(try ChatMessage(wire: message, at: "messages[\(index)]"))
        }
        self.messages = messages
        stream = try object.optional("stream", as: Bool.self) ?? false
        includeUsageInStream = false
        if let options = object.value("stream_options") {
            var streamOptions = try WireObject(options, at: "stream_options")
            includeUsageInStream = try streamOptions.optional("include_usage", as: Bool.self) ?? false
            try streamOptions.finish()
            guard stream else { throw .invalidRequest("'stream_options' is only allowed when 'stream' is true.", param: "stream_options") }
        }
        let maxTokens = try object.optional("max_tokens", as: Int.self)
        let maxCompletionTokens = try object.optional("max_completion_tokens", as: Int.self)
        if maxTokens != nil, maxCompletionTokens != nil {
            throw .invalidRequest("Give 'max_completion_tokens' or 'max_tokens', not both.", param: "max_tokens")
        }
        maximumTokens = maxCompletionTokens ?? maxTokens
        if let maximumTokens, maximumTokens < 1 {
            throw .invalidRequest("'\(maxCompletionTokens != nil ? "max_completion_tokens" : "max_tokens")' must be at least 1, got \(maximumTokens).",
                                  param: maxCompletionTokens != nil ? "max_completion_tokens" : "max_tokens", code: "invalid_value")
        }
        temperature = try object.optional("temperature", as: Double.self)
        if let temperature, !(0...2).contains(temperature) {
            throw .invalidRequest("'temperature' must be between 0 and 2, got \(temperature).", param: "temperature", code: "invalid_value")
        }
        topP = try object.optional("top_p", as: Double.self)
        if let topP, !(topP > 0 && topP <= 1) {
            throw .invalidRequest("'top_p' must be greater than 0 and at most 1, got \(topP).", param: "top_p", code: "invalid_value")
        }
        seed = try object.optional("seed", as: UInt64.self)
        stop = try Self.stopSequences(&object)
        responseFormat = try object.value("response_format").map { value throws(WireError) in try ResponseFormat(wire: value, at: "response_format") } ?? .text
        var tools: [FunctionTool] = []
        for (index, tool) in (try object.array("tools") ?? []).enumerated() {
            tools.append(try FunctionTool(wire: tool, at: "tools[\(index)]"))
        }
        if Set(tools.map(\.name)).count != tools.count {
            throw .invalidRequest("'tools' names a function more than once.", param: "tools")
        }
        self.tools = tools
        toolChoice = try object.value("tool_choice").map { value throws(WireError) in try ToolChoice(wire: value, at: "tool_choice") } ?? (tools.isEmpty ? .none : .auto)
        if case .function(let name) = toolChoice, !tools.contains(where: { $0.name == name }) {
            throw .invalidRequest("'tool_choice' names the function '\(name)', which is not in 'tools'.", param: "tool_choice")
        }
        if toolChoice != .none, tools.isEmpty {
            throw .invalidRequest("'tool_choice' needs 'tools'.", param: "tool_choice")
        }
        // Parameters whose default is what the server does, and nothing else.
        try object.onlyDefault("n", 1, meaning: "one choice")
        try object.onlyDefault("parallel_tool_calls", true, meaning: "the model may call several tools in one turn")
        try object.onlyDefault("frequency_penalty", 0, meaning: "no penalty")
        try object.onlyDefault("presence_penalty", 0, meaning: "no penalty")
        try object.onlyDefault("logprobs", false, meaning: "no log probabilities")
        _ = try object.optional("user", as: String.self)   // an end-user id for abuse tracking; nothing to do
        try object.finish()
    }

    private static func stopSequences(_ object: inout WireObject) throws(WireError) -> [String] {
        guard let value = object.value("stop") else { return [] }
        let sequences: [String]
        if let string = value.string {
            sequences = [string]
        } else if let array = value.array, array.allSatisfy({ $0.string != nil }) {
            sequences = array.compactMap(\.string)
        } else {
            throw .invalidRequest("'stop' must be a string or an array of strings.", param: "stop", code: "invalid_type")
        }
        guard sequences.count <= maximumStopSequences else {
            throw .invalidRequest("'stop' takes at most \(maximumStopSequences) sequences, got \(sequences.count).", param: "stop")
        }
        guard !sequences.contains(where: \.isEmpty) else { throw .invalidRequest("'stop' sequences must not be empty.", param: "stop") }
        return sequences
    }
}

/// What the answer must be: free text, any JSON object, or JSON that follows a schema.
public enum ResponseFormat: Sendable, Equatable {
    case text
    case jsonObject
    case jsonSchema(name: String, description: String?, schema: JSONValue, strict: Bool)

    public init(wire value: JSONValue, at path: String) throws(WireError) {
        var object = try WireObject(value, at: path)
        let type = try object.required("type", as: String.self)
        switch type {
        case "text": self = .text
        case "json_object": self = .jsonObject
        case "json_schema":
            var format = try WireObject(try object.required("json_schema", as: JSONObject.self).wire, at: object.path(of: "json_schema"))
            let name = try format.required("name", as: String.self)
            let description = try format.optional("description", as: String.self)
            let schema = try format.optional("schema", as: JSONObject.self) ?? JSONObject()
            let strict = try format.optional("strict", as: Bool.self) ?? false
            try format.finish()
            self = .jsonSchema(name: name, description: description, schema: .object(schema), strict: strict)
        default:
            throw .invalidRequest("'\(object.path(of: "type"))' must be text, json_object or json_schema; got '\(type)'.",
                                  param: object.path(of: "type"), code: "invalid_value")
        }
        try object.finish()
    }
}

/// A function the model may call; the client runs it.
public struct FunctionTool: Sendable, Equatable {
    public var name: String
    public var description: String
    /// JSON Schema of the arguments (an empty object schema when the request gives none).
    public var parameters: JSONValue
    public var strict: Bool

    public init(wire value: JSONValue, at path: String) throws(WireError) {
        var object = try WireObject(value, at: path)
        let type = try object.required("type", as: String.self)
        guard type == "function" else {
            throw .invalidRequest("'\(object.path(of: "type"))' must be 'function', got '\(type)'.", param: object.path(of: "type"), code: "invalid_value")
        }
        var function = try WireObject(try object.required("function", as: JSONObject.self).wire, at: object.path(of: "function"))
        name = try function.required("name", as: String.self)
        guard !name.isEmpty, name.utf8.count <= 64,
              name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" })
        else {
            throw .invalidRequest("'\(function.path(of: "name"))' must be 1 to 64 letters, digits, '_' or '-'; got '\(name)'.",
                                  param: function.path(of: "name"), code: "invalid_value")
        }
        description = try function.optional("description", as: String.self) ?? ""
        parameters = .object(try function.optional("parameters", as: JSONObject.self) ?? ["type": "object", "properties": [:]])
        strict = try function.optional("strict", as: Bool.self) ?? false
        try function.finish()
        try object.finish()
    }
}

/// Whether and which tool the model must call.
public enum ToolChoice: Sendable, Equatable {
    case none
    case auto
    case required
    case function(String)

    public init(wire value: JSONValue, at path: String) throws(WireError) {
        if let string = value.string {
            switch string {
            case "none": self = .none
            case "auto": self = .auto
            case "required": self = .required
            default:
                throw .invalidRequest("'\(path)' must be none, auto, required or a function; got '\(string)'.", param: path, code: "invalid_value")
            }
            return
        }
        var object = try WireObject(value, at: path)
        let type = try object.required("type", as: String.self)
        guard type == "function" else {
            throw .invalidRequest("'\(object.path(of: "type"))' must be 'function', got '\(type)'.", param: object.path(of: "type"), code: "invalid_value")
        }
        var function = try WireObject(try object.required("function", as: JSONObject.self).wire, at: object.path(of: "function"))
        self = .function(try function.required("name", as: String.self))
        try function.finish()
        try object.finish()
    }
}
