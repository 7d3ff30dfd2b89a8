import Foundation
import JSONCore

/// SmolLM2's tool-call format: its definitions in the system turn, one JSON array of calls in a
/// call turn, and the tools' outputs in the `tool` turn that follows.
///
/// The format SmolLM2-Instruct was trained on (its function-calling system prompt, as
/// SmolLM2's Ollama template writes it), and the one models without a known format of their
/// own get (``ToolCallSyntaxSelection``). Definitions are a JSON list of OpenAI-style function
/// definitions inside `<tools>…</tools>`, written with the spaces Jinja's `tojson` and Python's
/// `json.dumps` put after separators; a call turn is one JSON array of calls inside
/// `<tool_call>…</tool_call>`; the outputs of one call turn come back together in one `tool`
/// turn, each inside `<tool_response>…</tool_response>`. Families without a native tool format
/// here (Gemma, Llama 3 as our templates render them) read the same text inside their own turn
/// markers (Gemma shows the `tool` turn as a user turn), so one grammar decodes every family's
/// calls.
///
/// ```text
/// <|im_start|>assistant
/// <tool_call>[{"name":"currentWeather","arguments":{"city":"Seoul"}},{"name":"currentWeather","arguments":{"city":"Busan"}}]</tool_call><|im_end|>
/// <|im_start|>tool
/// <tool_response>
/// Seoul: 21°C, clear
/// </tool_response>
/// <tool_response>
/// Busan: 25°C, clear
/// </tool_response><|im_end|>
/// ```
///
/// Why a `tool` turn rather than the user turn of SmolLM2's Ollama template: measured on
/// SmolLM2-135M-Instruct (greedy, the seed's weather question), outputs in a user turn read as
/// a new question, and the model answers it with the same calls again in every round; in a
/// `tool` turn it answers from the outputs.
struct ArrayToolCallSyntax: ToolCallSyntax {
    /// Opens the calls of a turn; a turn that does not start with it is a final answer.
    let openTag = "<tool_call>"
    /// Closes the calls of a turn.
    let closeTag = "</tool_call>"
    /// Outputs come back in a `tool` turn.
    let outputRole = ChatTurn.Role.tool
    /// Only the tag opens a call.
    let untaggedCallOpening: String? = nil

    /// How many calls the example turn makes: two, so that the model sees that one turn may
    /// call a tool several times (one call per thing the user asked about).
    static let exampleCallCount = 2

    /// The system turn: the tool preamble and definitions (for tools that include their schema
    /// in the instructions), then the app's instructions.
    func systemText(instructions: String, tools definitions: [Transcript.ToolDefinition]) -> String {
        guard !definitions.isEmpty else { return instructions }
        let list = JSONValue.array(definitions.map(Self.definitionJSON)).serialized(.init(spacesAfterSeparators: true))
        let preamble = """
            You are an expert in composing functions. You are given a question and a set of possible functions.
            Based on the question, you will need to make one or more function/tool calls to achieve the purpose.
            If none of the functions can be used, point it out and refuse to answer.
            If the given question lacks the parameters required by the function, also point it out.
            You have access to the following tools:
            <tools>\(list)</tools>
            The output MUST strictly adhere to the following format, and NO other text MUST be included.
            The example format is as follows. Please make sure the parameter type is correct. If no function call is needed, please make the tool calls an empty list '[]'.
            <tool_call>[
            {"name": "func_name1", "arguments": {"argument1": "value1", "argument2": "value2"}},
            (more tool calls as required)
            ]</tool_call>
            """
        return instructions.isEmpty ? preamble : preamble + "\n\n" + instructions
    }

    /// A call turn as the model writes it.
    func callsText(_ calls: [Transcript.ToolCall]) -> String {
        let json = calls.map { Self.callJSON(name: $0.toolName, arguments: Self.argumentsJSON($0)) }
        return openTag + "[" + json.joined(separator: ",") + "]" + closeTag
    }

    /// The calls, up to and including the end of the JSON array; the closing tag, which the
    /// grammar would force, is not decoded: the array's end ends the turn.
    ///
    /// The model picks every token, including those of the text the grammar forces (names,
    /// keys, brackets), rather than having forced text inserted as its canonical tokens. The
    /// boundary between a value and what follows it decides whether another call comes, and
    /// the model sees that boundary as its prompt wrote it: measured on SmolLM2-135M-Instruct
    /// (greedy, the seed's weather question), after `"Seoul` it writes `"}` then `},` and a
    /// second call; with `}}` inserted as one forced token it closes the array instead.
    func decodeCalls(under grammar: ToolCallGrammar, with writer: inout CallTurnWriter) throws -> String {
        openTag + (try writer.value(under: grammar.arraySchema)) + closeTag
    }

    /// The calls of `<tool_call>[…]</tool_call>` (the closing tag may be missing, as in a
    /// turn cut off by the budget).
    func calls(in turn: String, toolNames: [String]) throws(ToolCallParseFailure) -> [Transcript.ToolCall] {
        var text = Substring(turn.trimmingCharacters(in: .whitespacesAndNewlines))
        guard text.hasPrefix(openTag) else { throw .missingTag(expected: openTag, offset: 0) }
        text = text.dropFirst(openTag.count)
        if text.hasSuffix(closeTag) { text = text.dropLast(closeTag.count) }
        return try ToolCallArrayParser(toolNames: toolNames).calls(in: String(text))
    }

    /// One call as the grammar makes the model write it (compact JSON).
    static func callJSON(name: String, arguments: JSONValue) -> String {
        JSONValue.object(JSONCore.JSONObject([(key: "name", value: .string(name)), (key: "arguments", value: arguments)])).serialized()
    }

    /// A tool's output as the model reads it.
    static func outputText(_ text: String) -> String {
        "<tool_response>\n\(text)\n</tool_response>"
    }

    /// The outputs of one call turn, in call order, as the one `tool` turn that answers it.
    func outputsText(_ texts: [String]) -> String {
        texts.map(Self.outputText).joined(separator: "\n")
    }

    /// Made-up exchanges shown before the conversation, worded from the first tool's
    /// description and schema with numbered placeholder values (`"string1"`, `1`, …): a request
    /// naming two values, a call turn with one call per value, the tool turn with placeholder
    /// results, an answer that restates both results; then a second request answered with a
    /// call turn, so the last thing the model saw before the real request is a call.
    ///
    /// Small models do not call tools from definitions alone, and they copy what an example
    /// shows. Measured on SmolLM2-135M-Instruct (greedy, the seed's weather tool and question):
    /// without an example the tag's first token ranks 14th to 19th and the model invents a
    /// temperature; with one call whose value is a bare placeholder (`"string"`) it calls in
    /// every round with `"string"` itself; with a real-looking value (`"Paris"`) it writes
    /// `"SãoPaulo"`; with numbered placeholders it copies the two cities the user named into
    /// two calls of one turn. Without the answered exchange it then answers from one output
    /// or calls again; with it, it answers from both ("… 21°C and 25°C, respectively").
    func exampleTurns(for definitions: [Transcript.ToolDefinition]) -> [ChatTurn] {
        guard let tool = definitions.first else { return [] }
        var request = tool.description.trimmingCharacters(in: .whitespacesAndNewlines)
        while request.hasSuffix(".") { request.removeLast() }
        if request.isEmpty { request = "Use \(tool.name)" }
        let schema = try? tool.parameters.jsonSchema()
        func exchange(first: Int) -> (question: ChatTurn, calls: ChatTurn, named: [String]) {
            let arguments = (first..<(first + Self.exampleCallCount)).map { index in
                schema.map { Self.placeholder(for: $0, definitions: $0["$defs"]?.object, index: index, depth: 0) }
                    ?? .object(JSONCore.JSONObject())
            }
            // A tool without arguments has nothing that differs between calls: one call.
            let distinct = arguments.reduce(into: [JSONValue]()) { if !$0.contains($1) { $0.append($1) } }
            let named = distinct.map(Self.summary).filter { !$0.isEmpty }
            let question = named.isEmpty ? request + "?" : request + ": " + named.joined(separator: " and ") + "?"
            return (ChatTurn(role: .user, content: question),
                    ChatTurn(role: .assistant, content: openTag + "[" + distinct.map { Self.callJSON(name: tool.name, arguments: $0) }.joined(separator: ",") + "]" + closeTag),
                    named)
        }
        let answered = exchange(first: 1)
        let results = (answered.named.isEmpty ? [tool.name] : answered.named).map { "result for \($0)" }
        let pending = exchange(first: 1 + Self.exampleCallCount)
        return [
            answered.question, answered.calls,
            ChatTurn(role: .tool, content: outputsText(results)),
            ChatTurn(role: .assistant, content: "The results are " + results.joined(separator: " and ") + "."),
            pending.question, pending.calls,
        ]
    }

    /// How the example request names one call's arguments: their scalar values, in order.
    static func summary(_ arguments: JSONValue) -> String {
        switch arguments {
        case .object(let object): object.map { summary($0.value) }.filter { !$0.isEmpty }.joined(separator: ", ")
        case .array(let elements): elements.map(summary).filter { !$0.isEmpty }.joined(separator: ", ")
        case .string(let string): string
        case .null: ""
        default: arguments.serialized()
        }
    }

    /// A value of the schema's type that says what it stands for rather than being a real
    /// value; `index` (1, 2, …) numbers it, so that the example's calls differ.
    static func placeholder(for schema: JSONValue, definitions: JSONCore.JSONObject?, index: Int, depth: Int) -> JSONValue {
        guard depth < 8 else { return .null }
        if let reference = schema["$ref"]?.string, reference.hasPrefix("#/$defs/"),
           let target = definitions?[String(reference.dropFirst("#/$defs/".count))] {
            return placeholder(for: target, definitions: definitions, index: index, depth: depth + 1)
        }
        if let constant = schema["const"] { return constant }
        if let choices = schema["enum"]?.array, !choices.isEmpty { return choices[(index - 1) % choices.count] }
        if let first = (schema["anyOf"] ?? schema["oneOf"])?.array?.first {
            return placeholder(for: first, definitions: definitions, index: index, depth: depth + 1)
        }
        let type = schema["type"]?.string ?? schema["type"]?.array?.first?.string
        switch type {
        case "object":
            let required = Set(schema["required"]?.array?.compactMap(\.string) ?? [])
            var members: [(key: String, value: JSONValue)] = []
            for (key, property) in schema["properties"]?.object ?? JSONCore.JSONObject() where required.contains(key) {
                members.append((key: key, value: placeholder(for: property, definitions: definitions, index: index, depth: depth + 1)))
            }
            return .object(JSONCore.JSONObject(members))
        case "array":
            let count = schema["minItems"]?.number.flatMap { Int(exactly: $0.doubleValue) } ?? 0
            let item = schema["items"].map { placeholder(for: $0, definitions: definitions, index: index, depth: depth + 1) } ?? .null
            return .array(Array(repeating: item, count: min(count, 3)))
        case "integer", "number":
            let minimum = schema["minimum"]?.number.flatMap { Int(exactly: $0.doubleValue) } ?? 0
            return .number(JSONNumber(minimum + index))
        case "boolean": return .bool(index % 2 == 1)
        case "null": return .null
        default: return .string("string\(index)")
        }
    }
}
