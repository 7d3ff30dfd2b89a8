import JSONCore

/// One message of a Chat Completions conversation.
public enum ChatMessage: Sendable, Equatable {
    /// Instructions (`system`, or `developer` as newer clients call it).
    case system(String)
    /// The user's turn.
    case user(String)
    /// An earlier answer of the model: text, calls, or both.
    case assistant(content: String?, toolCalls: [ToolCall])
    /// What the client's tool returned for the call `toolCallID`.
    case tool(toolCallID: String, content: String)

    /// The role's name on the wire.
    public var role: String {
        switch self {
        case .system: "system"
        case .user: "user"
        case .assistant: "assistant"
        case .tool: "tool"
        }
    }

    /// Reads a message.
    ///
    /// - throws: `WireError` naming the field: an unknown role, content that is neither a
    ///   string nor an array of text parts (images are refused: the model has no vision),
    ///   a tool message without `tool_call_id`, any field the role does not take.
    public init(wire value: JSONValue, at path: String) throws(WireError) {
        var object = try WireObject(value, at: path)
        let role = try object.required("role", as: String.self)
        switch role {
        case "system", "developer":
            self = .system(try Self.text(&object, required: true) ?? "")
        case "user":
            self = .user(try Self.text(&object, required: true) ?? "")
        case "assistant":
            let content = try Self.text(&object, required: false)
            var calls: [ToolCall] = []
            for (index, call) in (try object.array("tool_calls") ?? []).enumerated() {
                calls.append(try ToolCall(wire: call, at: object.path(of: "tool_calls[\(index)]")))
            }
            if content == nil, calls.isEmpty {
                throw .invalidRequest("'\(path)' is an assistant message with neither 'content' nor 'tool_calls'.", param: object.path(of: "content"))
            }
            self = .assistant(content: content, toolCalls: calls)
        case "tool":
            let id = try object.required("tool_call_id", as: String.self)
            self = .tool(toolCallID: id, content: try Self.text(&object, required: true) ?? "")
        default:
            throw .invalidRequest("'\(object.path(of: "role"))' must be one of system, developer, user, assistant, tool; got '\(role)'.",
                                  param: object.path(of: "role"), code: "invalid_value")
        }
        try object.finish()
    }

    /// The `content` field as text: a string, or an array of `{"type": "text", "text": ...}` parts joined.
    private static func text(_ object: inout WireObject, required: Bool) throws(WireError) -> String? {
        let key = object.path(of: "content")
        guard let value = object.value("content") else {
            if required { throw .invalidRequest("Missing required parameter: '\(key)'.", param: key, code: "missing_required_parameter") }
            return nil
        }
        if let string = value.string { return string }
        guard let parts = value.array else {
            throw .invalidRequest("'\(key)' must be a string or an array of content parts, not \(value.typeName).", param: key, code: "invalid_type")
        }
        var text = ""
        for (index, part) in parts.enumerated() {
            var part = try WireObject(part, at: "\(key)[\(index)]")
            let type = try part.required("type", as: String.self)
            guard type == "text" else {
                throw .invalidRequest("'\(part.path(of: "type"))' is '\(type)': only text content parts are supported (the model reads no images or audio).",
                                      param: part.path(of: "type"), code: "unsupported_value")
            }
            text += try part.required("text", as: String.self)
            try part.finish()
        }
        return text
    }

    /// The message as the wire writes it.
    public var wire: JSONValue {
        switch self {
        case .system(let text): return ["role": "system", "content": .string(text)]
        case .user(let text): return ["role": "user", "content": .string(text)]
        case .tool(let id, let text): return ["role": "tool", "tool_call_id": .string(id), "content": .string(text)]
        case .assistant(let content, let calls):
            var object: JSONObject = ["role": "assistant", "content": content.map(JSONValue.string) ?? .null]
            if !calls.isEmpty { object["tool_calls"] = .array(calls.map(\.wire)) }
            return .object(object)
        }
    }
}

/// A call the model made: a function's name and its arguments as JSON text.
public struct ToolCall: Sendable, Equatable {
    public var id: String
    public var name: String
    /// The arguments, a JSON object as text (OpenAI sends it as a string).
    public var arguments: String

    public init(id: String, name: String, arguments: String) {
        self.id = id
        self.name = name
        self.arguments = arguments
    }

    public init(wire value: JSONValue, at path: String) throws(WireError) {
        var object = try WireObject(value, at: path)
        id = try object.required("id", as: String.self)
        let type = try object.optional("type", as: String.self) ?? "function"
        guard type == "function" else {
            throw .invalidRequest("'\(object.path(of: "type"))' must be 'function', got '\(type)'.", param: object.path(of: "type"))
        }
        var function = try WireObject(try object.required("function", as: JSONObject.self).wire, at: object.path(of: "function"))
        name = try function.required("name", as: String.self)
        arguments = try function.required("arguments", as: String.self)
        try function.finish()
        try object.finish()
    }

    public var wire: JSONValue {
        ["id": .string(id), "type": "function", "function": ["name": .string(name), "arguments": .string(arguments)]]
    }
}

extension JSONObject {
    /// The object as a JSON value.
    var wire: JSONValue { .object(self) }
}
