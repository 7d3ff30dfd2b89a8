import JSONCore

/// Token counts of one completion, exact: `prompt_tokens` is what the model evaluated for the
/// prompt (chat template included), `cached_tokens` how many of those the KV cache already held.
public struct Usage: Sendable, Equatable {
    public var promptTokens: Int
    public var completionTokens: Int
    public var cachedTokens: Int
    /// `completion_tokens_details.reasoning_tokens`: completion tokens spent reasoning (read
    /// from servers that report it; this server's model does not reason).
    public var reasoningTokens: Int = 0

    public init(promptTokens: Int, completionTokens: Int, cachedTokens: Int) {
        self.promptTokens = promptTokens
        self.completionTokens = completionTokens
        self.cachedTokens = cachedTokens
    }

    public var totalTokens: Int { promptTokens + completionTokens }

    public var wire: JSONValue {
        [
            "prompt_tokens": .number(JSONNumber(promptTokens)),
            "completion_tokens": .number(JSONNumber(completionTokens)),
            "total_tokens": .number(JSONNumber(totalTokens)),
            "prompt_tokens_details": ["cached_tokens": .number(JSONNumber(cachedTokens))],
        ]
    }
}

/// Why a choice ended.
public enum FinishReason: String, Sendable, Equatable {
    /// The model ended its answer, or a stop sequence did.
    case stop
    /// The token budget ran out.
    case length
    /// The model called tools; the client runs them and sends the outputs back.
    case toolCalls = "tool_calls"
}

/// A complete `chat.completion` object.
public struct ChatCompletion: Sendable, Equatable {
    public var id: String
    public var created: Int
    public var model: String
    public var message: ChatMessage
    public var finishReason: FinishReason
    public var usage: Usage

    public init(id: String, created: Int, model: String, message: ChatMessage, finishReason: FinishReason, usage: Usage) {
        self.id = id
        self.created = created
        self.model = model
        self.message = message
        self.finishReason = finishReason
        self.usage = usage
    }

    public var wire: JSONValue {
        var message = self.message.wire
        if case .object(var object) = message {
            object["refusal"] = .null
            message = .object(object)
        }
        return [
            "id": .string(id), "object": "chat.completion", "created": .number(JSONNumber(created)), "model": .string(model),
            "choices": [["index": 0, "message": message, "logprobs": .null, "finish_reason": .string(finishReason.rawValue)]],
            "usage": usage.wire,
        ]
    }
}

/// One `chat.completion.chunk` of a stream: a delta of the one choice, or (last, when the
/// client asked for it) the usage with no choices.
public struct ChatCompletionChunk: Sendable, Equatable {
    public enum Delta: Sendable, Equatable {
        /// The first chunk: the role, with empty content.
        case role
        case content(String)
        /// A call opened (`id`, name and the first piece of arguments) or continued (arguments only).
        case toolCall(index: Int, id: String?, name: String?, arguments: String)
        /// The choice's end.
        case finish(FinishReason)
        /// The usage chunk, without choices.
        case usage(Usage)
    }

    public var id: String
    public var created: Int
    public var model: String
    public var delta: Delta

    public init(id: String, created: Int, model: String, delta: Delta) {
        self.id = id
        self.created = created
        self.model = model
        self.delta = delta
    }

    public var wire: JSONValue {
        var object: JSONObject = ["id": .string(id), "object": "chat.completion.chunk", "created": .number(JSONNumber(created)), "model": .string(model)]
        func choice(_ delta: JSONValue, finish: FinishReason? = nil) -> JSONValue {
            ["index": 0, "delta": delta, "logprobs": .null, "finish_reason": finish.map { .string($0.rawValue) } ?? .null]
        }
        switch delta {
        case .role:
            object["choices"] = [choice(["role": "assistant", "content": ""])]
        case .content(let text):
            object["choices"] = [choice(["content": .string(text)])]
        case .toolCall(let index, let id, let name, let arguments):
            var call: JSONObject = ["index": .number(JSONNumber(index))]
            if let id { call["id"] = .string(id); call["type"] = "function" }
            var function: JSONObject = ["arguments": .string(arguments)]
            if let name { function["name"] = .string(name) }
            call["function"] = .object(function)
            object["choices"] = [choice(["tool_calls": [.object(call)]])]
        case .finish(let reason):
            object["choices"] = [choice([:], finish: reason)]
        case .usage(let usage):
            object["choices"] = []
            object["usage"] = usage.wire
        }
        return .object(object)
    }
}

/// A complete `text_completion` object (`/v1/completions`).
public struct TextCompletion: Sendable, Equatable {
    public var id: String
    public var created: Int
    public var model: String
    /// The whole text, or a stream chunk's delta.
    public var text: String
    public var finishReason: FinishReason?
    /// Present on a complete answer and on a stream's usage chunk.
    public var usage: Usage?

    public init(id: String, created: Int, model: String, text: String, finishReason: FinishReason?, usage: Usage?) {
        self.id = id
        self.created = created
        self.model = model
        self.text = text
        self.finishReason = finishReason
        self.usage = usage
    }

    public var wire: JSONValue {
        var object: JSONObject = [
            "id": .string(id), "object": "text_completion", "created": .number(JSONNumber(created)), "model": .string(model),
            "choices": [["index": 0, "text": .string(text), "logprobs": .null,
                         "finish_reason": finishReason.map { .string($0.rawValue) } ?? .null]],
        ]
        if let usage { object["usage"] = usage.wire }
        return .object(object)
    }
}

/// `GET /v1/models`: the one model the server serves.
public struct ModelList: Sendable, Equatable {
    public var ids: [String]
    public var created: Int
    public var owner: String

    public init(ids: [String], created: Int, owner: String) {
        self.ids = ids
        self.created = created
        self.owner = owner
    }

    public var wire: JSONValue {
        ["object": "list", "data": .array(ids.map { id in
            ["id": .string(id), "object": "model", "created": .number(JSONNumber(created)), "owned_by": .string(owner)]
        })]
    }
}

/// Server-sent events as Chat Completions streams them: `data: <json>\n\n`, ending with `data: [DONE]`.
public enum ServerSentEvents {
    public static func event(_ value: JSONValue) -> String { "data: \(value.serialized())\n\n" }
    public static let done = "data: [DONE]\n\n"
}
