import JSONCore

/// A server's answer without the shape Chat Completions gives it (a missing `choices`, a
/// `content` that is a number), naming what was wrong.
public struct MalformedResponse: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}

// The client reads answers leniently where servers differ harmlessly (extra fields, a missing
// `usage`, `null` for absent values) and strictly where a wrong type would mean a wrong value.

extension Usage {
    /// Reads a `usage` object; the detail objects are optional.
    ///
    /// - throws: `MalformedResponse` when a count is missing or not a non-negative integer.
    public init(reading value: JSONValue, at path: String = "usage") throws(MalformedResponse) {
        guard let object = value.object else { throw MalformedResponse("'\(path)' is \(value.typeName), not an object.") }
        func count(_ value: JSONValue?, _ name: String, required: Bool) throws(MalformedResponse) -> Int {
            guard let value, !value.isNull else {
                if required { throw MalformedResponse("'\(path).\(name)' is missing.") }
                return 0
            }
            guard let number = value.number, number.isInteger, let int = number.int64Value, int >= 0, let count = Int(exactly: int) else {
                throw MalformedResponse("'\(path).\(name)' must be a non-negative integer, not \(value.serialized()).")
            }
            return count
        }
        self.init(promptTokens: try count(object["prompt_tokens"], "prompt_tokens", required: true),
                  completionTokens: try count(object["completion_tokens"], "completion_tokens", required: false),
                  cachedTokens: try count(object["prompt_tokens_details"]?["cached_tokens"], "prompt_tokens_details.cached_tokens", required: false))
        reasoningTokens = try count(object["completion_tokens_details"]?["reasoning_tokens"], "completion_tokens_details.reasoning_tokens", required: false)
    }
}

/// A complete `chat.completion` as a client reads it: the first choice's message, why it
/// ended, and the usage when the server sent it.
public struct ReceivedChatCompletion: Sendable, Equatable {
    public var content: String?
    /// `reasoning_content`, which reasoning models' servers (vLLM, SGLang, DeepSeek) send.
    public var reasoning: String?
    public var toolCalls: [ToolCall]
    /// The server's `finish_reason` as sent (servers add their own values, such as `abort`).
    public var finishReason: String?
    public var usage: Usage?

    /// - throws: `MalformedResponse` naming the field that is missing or of the wrong type.
    public init(reading value: JSONValue) throws(MalformedResponse) {
        guard value.object != nil else { throw MalformedResponse("The completion is \(value.typeName), not an object.") }
        guard let choices = value["choices"]?.array else { throw MalformedResponse("The completion has no 'choices' array.") }
        guard let choice = choices.first else { throw MalformedResponse("The completion's 'choices' is empty.") }
        guard let message = choice["message"], message.object != nil else { throw MalformedResponse("'choices[0].message' is missing.") }
        content = try Self.optionalString(message["content"], "choices[0].message.content")
        reasoning = try Self.optionalString(message["reasoning_content"], "choices[0].message.reasoning_content")
        finishReason = try Self.optionalString(choice["finish_reason"], "choices[0].finish_reason")
        var calls: [ToolCall] = []
        for (index, call) in (message["tool_calls"]?.array ?? []).enumerated() {
            let path = "choices[0].message.tool_calls[\(index)]"
            guard let name = call["function"]?["name"]?.string, !name.isEmpty else { throw MalformedResponse("'\(path).function.name' is missing.") }
            let arguments = try Self.optionalString(call["function"]?["arguments"], "\(path).function.arguments") ?? "{}"
            let id = try Self.optionalString(call["id"], "\(path).id") ?? "call_\(index)"
            calls.append(ToolCall(id: id, name: name, arguments: arguments))
        }
        toolCalls = calls
        usage = try value["usage"].flatMap { $0.isNull ? nil : $0 }.map { usage throws(MalformedResponse) in try Usage(reading: usage) }
    }

    static func optionalString(_ value: JSONValue?, _ path: String) throws(MalformedResponse) -> String? {
        guard let value, !value.isNull else { return nil }
        guard let string = value.string else { throw MalformedResponse("'\(path)' must be a string, not \(value.typeName).") }
        return string
    }
}

/// One `chat.completion.chunk` as a client reads it. Servers differ in how they cut a stream
/// (role and content in one chunk, the finish reason beside the last text, usage in a chunk of
/// its own or beside the finish), so every part is optional.
public struct ReceivedChatCompletionChunk: Sendable, Equatable {
    /// A piece of one call: the first piece of each `index` carries its `id` and name.
    public struct ToolCallDelta: Sendable, Equatable {
        public var index: Int
        public var id: String?
        public var name: String?
        public var arguments: String

        public init(index: Int, id: String?, name: String?, arguments: String) {
            self.index = index
            self.id = id
            self.name = name
            self.arguments = arguments
        }
    }

    public var content: String?
    public var reasoning: String?
    public var toolCalls: [ToolCallDelta]
    public var finishReason: String?
    public var usage: Usage?

    public init(content: String? = nil, reasoning: String? = nil, toolCalls: [ToolCallDelta] = [],
                finishReason: String? = nil, usage: Usage? = nil) {
        self.content = content
        self.reasoning = reasoning
        self.toolCalls = toolCalls
        self.finishReason = finishReason
        self.usage = usage
    }

    /// - throws: `MalformedResponse` naming the field of the wrong type.
    public init(reading value: JSONValue) throws(MalformedResponse) {
        guard value.object != nil else { throw MalformedResponse("A stream chunk is \(value.typeName), not an object.") }
        let choice = value["choices"]?.array?.first
        let delta = choice?["delta"]
        content = try ReceivedChatCompletion.optionalString(delta?["content"], "choices[0].delta.content")
        reasoning = try ReceivedChatCompletion.optionalString(delta?["reasoning_content"], "choices[0].delta.reasoning_content")
        finishReason = try ReceivedChatCompletion.optionalString(choice?["finish_reason"], "choices[0].finish_reason")
        var calls: [ToolCallDelta] = []
        for (position, call) in (delta?["tool_calls"]?.array ?? []).enumerated() {
            let path = "choices[0].delta.tool_calls[\(position)]"
            let index: Int
            if let number = call["index"]?.number {
                guard number.isInteger, let int = number.int64Value, (0..<1024).contains(int) else {
                    throw MalformedResponse("'\(path).index' must be an integer from 0 to 1023, not \(number).")
                }
                index = Int(int)
            } else {
                index = position
            }
            calls.append(ToolCallDelta(
                index: index, id: try ReceivedChatCompletion.optionalString(call["id"], "\(path).id"),
                name: try ReceivedChatCompletion.optionalString(call["function"]?["name"], "\(path).function.name"),
                arguments: try ReceivedChatCompletion.optionalString(call["function"]?["arguments"], "\(path).function.arguments") ?? ""))
        }
        toolCalls = calls
        usage = try value["usage"].flatMap { $0.isNull ? nil : $0 }.map { usage throws(MalformedResponse) in try Usage(reading: usage) }
    }
}
