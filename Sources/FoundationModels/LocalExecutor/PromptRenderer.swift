import JSONCore

/// Turns a transcript into the chat turns the model's template renders.
///
/// Instructions (and tool definitions) become the system turn, prompts user turns, responses
/// assistant turns; tool calls and their outputs are written in the model family's
/// ``ToolCallSyntax`` (SmolLM2: `<tool_call>[…]</tool_call>`, the outputs that follow a call turn
/// together in one `tool` turn; Qwen2.5: a `<tool_call>` block per call, the outputs in one
/// user turn).
enum PromptRenderer {
    static func turns(for transcript: Transcript, syntax: any ToolCallSyntax) -> [ChatTurn] {
        var turns: [ChatTurn] = []
        // The outputs of the current call turn, rendered together as one turn.
        var outputs: [String] = []
        func flushOutputs() {
            guard !outputs.isEmpty else { return }
            turns.append(ChatTurn(role: syntax.outputRole, content: syntax.outputsText(outputs)))
            outputs.removeAll()
        }
        for entry in transcript {
            // Reasoning is the model's own scratch work; this engine's chat templates have no
            // turn for it, so it is not shown back to the model.
            if case .reasoning = entry { continue }
            if case .toolOutput(let output) = entry {
                outputs.append(output.segments.plainText)
            } else if let turn = turn(for: entry, syntax: syntax) {
                flushOutputs()
                turns.append(turn)
            }
        }
        flushOutputs()
        return turns
    }

    /// The chat turn of one entry; `nil` for reasoning, which is not rendered.
    static func turn(for entry: Transcript.Entry, syntax: any ToolCallSyntax) -> ChatTurn? {
        switch entry {
        case .instructions(let instructions):
            return ChatTurn(role: .system, content: syntax.systemText(
                instructions: instructions.segments.plainText, tools: instructions.toolDefinitions))
        case .prompt(let prompt):
            return ChatTurn(role: .user, content: prompt.segments.plainText)
        case .toolCalls(let calls):
            return ChatTurn(role: .assistant, content: syntax.callsText(Array(calls)))
        case .toolOutput(let output):
            return ChatTurn(role: syntax.outputRole, content: syntax.outputsText([output.segments.plainText]))
        case .response(let response):
            return ChatTurn(role: .assistant, content: response.segments.plainText)
        case .reasoning:
            return nil
        }
    }

    /// The sentence that shows the model the schema its answer must follow.
    static func schemaInstruction(_ schemaJSON: String) -> String {
        "Respond with a JSON value that follows this JSON Schema: \(schemaJSON)"
    }

    /// The schema as the model reads it: without the keywords that only serve the grammar
    /// (`x-order`, `additionalProperties`) or that a small model mistakes for content (a type's
    /// `title` next to a property called "title"). Property maps are walked, never stripped.
    static func promptSchema(_ schema: JSONValue) -> JSONValue {
        guard case .object(let object) = schema else { return schema }
        var result = JSONObject()
        for (key, value) in object {
            switch key {
            case "title", "x-order", "additionalProperties":
                continue
            case "properties", "$defs":
                guard case .object(let members) = value else { result[key] = value; continue }
                result[key] = .object(JSONObject(members.map { (key: $0.key, value: promptSchema($0.value)) }))
            case "items", "not":
                result[key] = promptSchema(value)
            case "anyOf", "oneOf", "allOf":
                result[key] = value.array.map { .array($0.map(promptSchema)) } ?? value
            default:
                result[key] = value
            }
        }
        return .object(result)
    }
}
