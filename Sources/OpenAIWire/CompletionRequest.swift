import JSONCore

/// A `POST /v1/completions` body (the legacy text endpoint), read as strictly as
/// ``ChatCompletionRequest``.
public struct CompletionRequest: Sendable, Equatable {
    public var model: String
    public var prompt: String
    public var stream: Bool
    public var includeUsageInStream: Bool
    public var maximumTokens: Int?
    public var temperature: Double?
    public var topP: Double?
    public var seed: UInt64?
    public var stop: [String]

    /// Reads a request body.
    ///
    /// - throws: `WireError` (400) naming the field; a prompt that is not one string (token
    ///   arrays, batches) is refused.
    public init(wire value: JSONValue) throws(WireError) {
        // The sampling fields read the same as chat's: reuse that reader on a chat-shaped copy.
        guard var object = value.object else { throw .invalidRequest("The request body must be an object, not \(value.typeName).") }
        guard let prompt = object["prompt"] else {
            throw .invalidRequest("Missing required parameter: 'prompt'.", param: "prompt", code: "missing_required_parameter")
        }
        guard let text = prompt.string else {
            throw .invalidRequest("'prompt' must be one string (token arrays and batches are not supported), not \(prompt.typeName).",
                                  param: "prompt", code: "invalid_type")
        }
        object["prompt"] = nil
        for key in ["messages", "tools", "tool_choice", "response_format", "parallel_tool_calls"] where object[key] != nil {
            throw .invalidRequest("Unsupported parameter: '\(key)'.", param: key, code: "unsupported_parameter")
        }
        if let echo = object["echo"] {
            guard echo == false else { throw .invalidRequest("Unsupported value for 'echo': only false is supported.", param: "echo", code: "unsupported_value") }
            object["echo"] = nil
        }
        object["messages"] = [["role": "user", "content": .string(text)]]
        let chat = try ChatCompletionRequest(wire: .object(object))
        model = chat.model
        self.prompt = text
        stream = chat.stream
        includeUsageInStream = chat.includeUsageInStream
        maximumTokens = chat.maximumTokens
        temperature = chat.temperature
        topP = chat.topP
        seed = chat.seed
        stop = chat.stop
    }
}
