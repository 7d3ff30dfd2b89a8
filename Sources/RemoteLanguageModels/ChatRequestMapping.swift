import Foundation
import FoundationModels
import JSONSchemaValidation
import OpenAIWire

/// An executor request as the Chat Completions body a server reads: the transcript as
/// `messages`, the enabled tools as `tools`, the schema as `response_format`, the sampling
/// options as their fields. Built before anything is sent, so an option the API cannot express
/// is refused without a request.
struct ChatRequestMapping {
    /// The body to send (a stream, always: the answer is read as it comes).
    let body: JSONValue
    /// The schema every structured answer is checked against, when the request has one.
    let validator: JSONSchema?

    /// - throws: ``RemoteLanguageModelError/unsupportedOption(option:reason:)`` naming a sampling
    ///   option with no Chat Completions field; `LanguageModelError.unsupportedTranscriptContent`
    ///   for an image in the transcript; `GenerationError.unsupportedGuide` for a schema that
    ///   cannot be written as JSON Schema.
    init(_ request: LanguageModelExecutorGenerationRequest, model: OpenAICompatibleLanguageModel) throws {
        let messages = try Self.messages(request.transcript)
        let sampling = try SamplingFields(request.generationOptions)
        let tools = try request.enabledToolDefinitions.map { definition in
            FunctionTool(name: definition.name, description: definition.description, parameters: try definition.parameters.jsonSchema())
        }
        // `.required`: the model must call before it answers (Apple's wording), so the turns
        // after this request's tool outputs may answer.
        let callsMade = if case .toolOutput? = request.transcript.last { true } else { false }
        let mustCall = request.generationOptions.toolCallingMode == .required && !callsMade
        let toolChoice: ToolChoice? = tools.isEmpty ? nil : (mustCall ? .required : .auto)
        var schemaJSON: JSONValue?
        var responseFormat = ResponseFormat.text
        if let schema = request.schema {
            let json = try schema.jsonSchema()
            schemaJSON = json
            if model.features.structuredOutput == .jsonSchema {
                responseFormat = .jsonSchema(name: Self.formatName(schema.name), description: nil, schema: json, strict: true)
            }
            do {
                validator = try JSONSchema(json)
            } catch {
                throw LanguageModelSession.GenerationError.unsupportedGuide(.init(
                    debugDescription: "The response's schema cannot be checked: \(error)"))
            }
        } else {
            validator = nil
        }
        let chat = ChatCompletionRequest(
            model: model.name, messages: messages, stream: true, includeUsageInStream: model.features.streamUsage,
            maximumTokens: request.generationOptions.maximumResponseTokens, temperature: sampling.temperature,
            topP: sampling.topP, seed: sampling.seed, responseFormat: responseFormat, tools: tools, toolChoice: toolChoice)
        var body = chat.wire
        if let schemaJSON, model.features.structuredOutput == .jsonObjectWithSchema, case .object(var object) = body {
            object["response_format"] = ["type": "json_object", "schema": schemaJSON]
            body = .object(object)
        }
        self.body = body
    }

    /// OpenAI's rule for `json_schema.name`: 1 to 64 of `a-z A-Z 0-9 _ -`.
    static func formatName(_ name: String) -> String {
        let allowed = name.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "_" || scalar == "-") ? Character(scalar) : "_"
        }
        let cleaned = String(allowed.prefix(64))
        return cleaned.isEmpty ? "response" : cleaned
    }

    /// The transcript as messages: instructions as `system`, prompts as `user`, responses and
    /// calls as `assistant`, tool outputs as `tool` answering their call's id. Reasoning stays
    /// out (servers do not take it back); the tool definitions travel as `tools`.
    static func messages(_ transcript: Transcript) throws -> [ChatMessage] {
        var messages: [ChatMessage] = []
        for entry in transcript {
            switch entry {
            case .instructions(let instructions):
                let text = try text(of: instructions.segments, in: entry)
                if !text.isEmpty { messages.append(.system(text)) }
            case .prompt(let prompt):
                messages.append(.user(try text(of: prompt.segments, in: entry)))
            case .response(let response):
                messages.append(.assistant(content: try text(of: response.segments, in: entry), toolCalls: []))
            case .toolCalls(let calls):
                let wireCalls = calls.map { ToolCall(id: $0.id, name: $0.toolName, arguments: $0.arguments.jsonString) }
                if !wireCalls.isEmpty { messages.append(.assistant(content: nil, toolCalls: wireCalls)) }
            case .toolOutput(let output):
                messages.append(.tool(toolCallID: output.id, content: try text(of: output.segments, in: entry)))
            case .reasoning:
                continue
            }
        }
        return messages
    }

    /// Text and structure segments as one text (structures as their JSON).
    ///
    /// - throws: `LanguageModelError.unsupportedTranscriptContent` for an attachment.
    private static func text(of segments: [Transcript.Segment], in entry: Transcript.Entry) throws -> String {
        var parts: [String] = []
        for segment in segments {
            switch segment {
            case .text(let text): parts.append(text.content)
            case .structure(let structure): parts.append(structure.content.jsonString)
            case .custom(let custom): parts.append(custom.description)
            case .attachment:
                throw LanguageModelError.unsupportedTranscriptContent(.init(
                    unsupportedContent: [entry], debugDescription: "An OpenAI-compatible model here takes text only; the transcript holds an image attachment."))
            }
        }
        return parts.joined(separator: "\n")
    }
}

/// `GenerationOptions`' sampling as Chat Completions' fields.
struct SamplingFields: Equatable {
    var temperature: Double?
    var topP: Double?
    var seed: UInt64?

    /// - throws: ``RemoteLanguageModelError/unsupportedOption(option:reason:)`` for top-k
    ///   sampling (the API has no such field) and a temperature outside OpenAI's 0...2.
    init(_ options: GenerationOptions) throws(RemoteLanguageModelError) {
        temperature = options.temperature
        if let temperature, !(0...2).contains(temperature) {
            throw .unsupportedOption(option: "temperature \(temperature)", reason: "Chat Completions takes a temperature from 0 to 2.")
        }
        switch options.samplingMode?.kind {
        case nil: break
        case .greedy?:
            temperature = 0
        case .top(let k, _)?:
            throw .unsupportedOption(option: "samplingMode .random(top: \(k))",
                                     reason: "Chat Completions has no top-k field; use .random(probabilityThreshold:seed:) or .greedy.")
        case .probabilityThreshold(let threshold, let seed)?:
            topP = threshold
            self.seed = seed
        }
    }
}
