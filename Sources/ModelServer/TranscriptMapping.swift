import Foundation
import FoundationModels
import JSONCore
import OpenAIWire

/// A Chat Completions request as what an executor reads: the messages as a transcript, the
/// tools as definitions, the response format as a schema, the sampling fields as options.
struct ExecutorRequestMapping {
    let transcript: Transcript
    let tools: [Transcript.ToolDefinition]
    let schema: GenerationSchema?
    let options: GenerationOptions

    /// - throws: `WireError` (400) naming the message or field that cannot be mapped: a system
    ///   message after the conversation started, a tool message answering no earlier call, a
    ///   conversation that does not end with a user or tool message, call arguments or schemas
    ///   that are not JSON objects.
    init(_ request: ChatCompletionRequest) throws(WireError) {
        var instructions: [String] = []
        var entries: [Transcript.Entry] = []
        var callNames: [String: String] = [:]
        for (index, message) in request.messages.enumerated() {
            let param = "messages[\(index)]"
            switch message {
            case .system(let text):
                guard entries.isEmpty else {
                    throw .invalidRequest("'\(param)' is a system message after the conversation started; put instructions first.", param: param)
                }
                instructions.append(text)
            case .user(let text):
                entries.append(.prompt(.init(segments: [.text(.init(content: text))])))
            case .assistant(let content, let calls):
                if let content, !content.isEmpty || calls.isEmpty {
                    entries.append(.response(.init(assetIDs: [], segments: [.text(.init(content: content))])))
                }
                if !calls.isEmpty {
                    var transcriptCalls: [Transcript.ToolCall] = []
                    for (callIndex, call) in calls.enumerated() {
                        let arguments: GeneratedContent
                        do {
                            arguments = try GeneratedContent(json: call.arguments)
                        } catch {
                            throw .invalidRequest("'\(param).tool_calls[\(callIndex)].function.arguments' is not valid JSON.",
                                                  param: "\(param).tool_calls[\(callIndex)].function.arguments", code: "invalid_json")
                        }
                        callNames[call.id] = call.name
                        transcriptCalls.append(Transcript.ToolCall(id: call.id, toolName: call.name, arguments: arguments))
                    }
                    entries.append(.toolCalls(Transcript.ToolCalls(transcriptCalls)))
                }
            case .tool(let id, let content):
                guard let name = callNames[id] else {
                    throw .invalidRequest("'\(param).tool_call_id' is '\(id)', which no earlier assistant message called.",
                                          param: "\(param).tool_call_id")
                }
                entries.append(.toolOutput(.init(id: id, toolName: name, segments: [.text(.init(content: content))])))
            }
        }
        switch request.messages.last {
        case .user?, .tool?: break
        default:
            throw .invalidRequest("The last message must be a user or tool message (the turn the model answers).",
                                  param: "messages[\(request.messages.count - 1)]")
        }

        var definitions: [Transcript.ToolDefinition] = []
        for (index, tool) in request.tools.enumerated() {
            let parameters = try Self.schema(tool.parameters, param: "tools[\(index)].function.parameters")
            definitions.append(Transcript.ToolDefinition(name: tool.name, description: tool.description, parameters: parameters))
        }
        if !instructions.isEmpty || !definitions.isEmpty {
            entries.insert(.instructions(.init(segments: instructions.isEmpty ? [] : [.text(.init(content: instructions.joined(separator: "\n\n")))],
                                               toolDefinitions: definitions)), at: 0)
        }
        transcript = Transcript(entries: entries)

        var mode: GenerationOptions.ToolCallingMode = .allowed
        switch request.toolChoice {
        case .none:
            tools = []
            mode = .disallowed
        case .auto:
            tools = definitions
        case .required:
            tools = definitions
            mode = .required
        case .function(let name):
            tools = definitions.filter { $0.name == name }
            mode = .required
        }

        switch request.responseFormat {
        case .text: schema = nil
        case .jsonObject: schema = try Self.schema(["type": "object"], param: "response_format")
        case .jsonSchema(_, _, let json, _): schema = try Self.schema(json, param: "response_format.json_schema.schema")
        }

        let sampling: GenerationOptions.SamplingMode?
        if request.temperature == 0 {
            sampling = .greedy
        } else if let topP = request.topP {
            sampling = .random(probabilityThreshold: topP, seed: request.seed)
        } else if let seed = request.seed {
            sampling = .random(probabilityThreshold: 1, seed: seed)
        } else {
            sampling = nil
        }
        options = GenerationOptions(samplingMode: sampling, temperature: request.temperature == 0 ? nil : request.temperature,
                                    maximumResponseTokens: request.maximumTokens, toolCallingMode: mode)
    }

    /// A JSON Schema as a `GenerationSchema` (kept as given: the grammar compiler reads it,
    /// and refuses what it cannot enforce when the request runs).
    static func schema(_ json: JSONValue, param: String) throws(WireError) -> GenerationSchema {
        guard json.object != nil else { throw .invalidRequest("'\(param)' must be a JSON Schema object.", param: param) }
        do {
            return try JSONDecoder().decode(GenerationSchema.self, from: Data(json.serialized().utf8))
        } catch {
            throw .invalidRequest("'\(param)' is not a schema the server can read: \(error).", param: param, code: "invalid_schema")
        }
    }
}
