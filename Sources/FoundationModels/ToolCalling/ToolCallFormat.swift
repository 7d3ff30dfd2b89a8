import Foundation
import JSONSchemaValidation

/// How tools appear in the text the model reads and writes: their definitions in the system
/// turn, the model's calls in its own turn, and the tools' output in the turns that follow.
///
/// One format serves every chat family: the one SmolLM2-Instruct was trained on (the ChatML
/// "Hermes" style that Qwen2.5 also uses, as in SmolLM2's Ollama template). Definitions are a
/// JSON list inside `<tools>…</tools>`; a call turn is one JSON array of calls inside
/// `<tool_call>…</tool_call>`; each output comes back in a user turn as
/// `<tool_response>…</tool_response>`. Families without a native tool format here (Gemma,
/// Llama 3 as our templates render them) read the same text inside their own turn markers, so
/// one grammar decodes every family's calls.
///
/// ```text
/// <|im_start|>assistant
/// <tool_call>[{"name":"currentWeather","arguments":{"city":"Seoul"}},{"name":"currentWeather","arguments":{"city":"Busan"}}]</tool_call><|im_end|>
/// <|im_start|>user
/// <tool_response>
/// Seoul: 21°C, clear
/// </tool_response><|im_end|>
/// ```
enum ToolCallFormat {
    /// Opens the calls of a turn; a turn that does not start with it is a final answer.
    static let openTag = "<tool_call>"
    /// Closes the calls of a turn.
    static let closeTag = "</tool_call>"

    /// The system turn: the tool preamble and definitions (for tools that include their schema
    /// in the instructions), then the app's instructions.
    static func systemText(instructions: String, tools definitions: [Transcript.ToolDefinition]) -> String {
        guard !definitions.isEmpty else { return instructions }
        let list = JSONValue.array(definitions.map(definitionJSON)).serialized()
        let preamble = """
            You are an expert in composing functions. You are given a question and a set of possible functions.
            Based on the question, you will need to make one or more function/tool calls to achieve the purpose.
            You have access to the following tools:
            <tools>\(list)</tools>
            To call tools, the output MUST strictly adhere to the following format, and NO other text MUST be included.
            <tool_call>[
            {"name": "func_name1", "arguments": {"argument1": "value1", "argument2": "value2"}},
            (more tool calls as required)
            ]</tool_call>
            When the tool results are given, or no function call is needed, answer the question in plain text.
            """
        return instructions.isEmpty ? preamble : preamble + "\n\n" + instructions
    }

    /// One tool as the preamble lists it: name, description and argument schema.
    static func definitionJSON(_ definition: Transcript.ToolDefinition) -> JSONValue {
        let parameters = (try? definition.parameters.jsonSchema()).map(PromptRenderer.promptSchema) ?? ["type": "object"]
        return ["name": .string(definition.name), "description": .string(definition.description), "parameters": parameters]
    }

    /// A call turn as the model writes it.
    static func callsText(_ calls: some Sequence<Transcript.ToolCall>) -> String {
        let json = calls.map { call in
            JSONValue.object(JSONSchemaValidation.JSONObject([
                (key: "name", value: .string(call.toolName)),
                (key: "arguments", value: (try? JSONValue(parsing: call.arguments.jsonString)) ?? .object(JSONSchemaValidation.JSONObject())),
            ])).serialized()
        }
        return openTag + "[" + json.joined(separator: ",") + "]" + closeTag
    }

    /// A tool's output as the model reads it.
    static func outputText(_ text: String) -> String {
        "<tool_response>\n\(text)\n</tool_response>"
    }

    /// A made-up exchange shown before the conversation: a request worded from the first
    /// tool's description, answered with a call whose arguments are placeholders of the right
    /// types (`"string"`, `0`, `true`).
    ///
    /// Small models do not call tools from definitions alone. Measured on SmolLM2-135M-Instruct
    /// (greedy, the seed's weather tool and question): without the example the tag's first
    /// token ranks 14th to 72nd at the start of the answer; with it, 1st. Placeholders keep the
    /// model from copying a real-looking value (with `"Paris"` it answers `"SãoPaulo"`; with
    /// `"string"` it writes the city the user asked about).
    static func exampleTurns(for definitions: [Transcript.ToolDefinition]) -> [ChatTurn] {
        guard let tool = definitions.first else { return [] }
        var request = tool.description.trimmingCharacters(in: .whitespacesAndNewlines)
        while request.hasSuffix(".") { request.removeLast() }
        if request.isEmpty { request = "Use \(tool.name)" }
        let arguments = (try? tool.parameters.jsonSchema()).map { placeholder(for: $0, definitions: $0["$defs"]?.object, depth: 0) }
            ?? .object(JSONSchemaValidation.JSONObject())
        let call = JSONValue.object(JSONSchemaValidation.JSONObject([(key: "name", value: .string(tool.name)), (key: "arguments", value: arguments)]))
        return [
            ChatTurn(role: .user, content: request + "?"),
            ChatTurn(role: .assistant, content: openTag + "[" + call.serialized() + "]" + closeTag),
        ]
    }

    /// A value of the schema's type that says what it stands for rather than being a real value.
    static func placeholder(for schema: JSONValue, definitions: JSONSchemaValidation.JSONObject?, depth: Int) -> JSONValue {
        guard depth < 8 else { return .null }
        if let reference = schema["$ref"]?.string, reference.hasPrefix("#/$defs/"),
           let target = definitions?[String(reference.dropFirst("#/$defs/".count))] {
            return placeholder(for: target, definitions: definitions, depth: depth + 1)
        }
        if let constant = schema["const"] { return constant }
        if let first = schema["enum"]?.array?.first { return first }
        if let first = (schema["anyOf"] ?? schema["oneOf"])?.array?.first { return placeholder(for: first, definitions: definitions, depth: depth + 1) }
        let type = schema["type"]?.string ?? schema["type"]?.array?.first?.string
        switch type {
        case "object":
            let required = Set(schema["required"]?.array?.compactMap(\.string) ?? [])
            var members: [(key: String, value: JSONValue)] = []
            for (key, property) in schema["properties"]?.object ?? JSONSchemaValidation.JSONObject() where required.contains(key) {
                members.append((key: key, value: placeholder(for: property, definitions: definitions, depth: depth + 1)))
            }
            return .object(JSONSchemaValidation.JSONObject(members))
        case "array":
            let count = schema["minItems"]?.number.flatMap { Int(exactly: $0.doubleValue) } ?? 0
            let item = schema["items"].map { placeholder(for: $0, definitions: definitions, depth: depth + 1) } ?? .null
            return .array(Array(repeating: item, count: min(count, 3)))
        case "integer", "number": return .number(JSONNumber(schema["minimum"]?.number.flatMap { Int(exactly: $0.doubleValue) } ?? 0))
        case "boolean": return true
        case "null": return .null
        default: return "string"
        }
    }

    /// The tool definitions the model is shown: those whose tool includes its schema in the
    /// instructions. The others are still callable; the app describes them itself.
    static func visibleDefinitions(_ definitions: [Transcript.ToolDefinition], tools: [any Tool]) -> [Transcript.ToolDefinition] {
        let hidden = Set(tools.filter { !$0.includesSchemaInInstructions }.map(\.name))
        return definitions.filter { !hidden.contains($0.name) }
    }
}
