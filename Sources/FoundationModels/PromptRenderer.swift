import JSONSchemaValidation

/// Turns a transcript into the chat turns the model's template renders.
///
/// Instructions (and tool definitions, for tools that ask for it) become the system turn,
/// prompts user turns, responses assistant turns, tool calls assistant turns holding JSON,
/// tool output tool turns.
enum PromptRenderer {
    static func turns(for transcript: Transcript) -> [ChatTurn] {
        transcript.map(turn(for:))
    }

    static func turn(for entry: Transcript.Entry) -> ChatTurn {
        switch entry {
        case .instructions(let instructions):
            var text = instructions.segments.plainText
            if !instructions.toolDefinitions.isEmpty {
                let tools = instructions.toolDefinitions.map { definition in
                    let schema = (try? definition.parameters.jsonSchema().serialized()) ?? "{}"
                    return "- \(definition.name): \(definition.description) Arguments: \(schema)"
                }
                text += (text.isEmpty ? "" : "\n\n") + "You can use these tools:\n" + tools.joined(separator: "\n")
                    + "\nTo use a tool, reply with only a JSON object: {\"name\": \"<tool name>\", \"arguments\": {<arguments>}}."
            }
            return ChatTurn(role: .system, content: text)
        case .prompt(let prompt):
            return ChatTurn(role: .user, content: prompt.segments.plainText)
        case .toolCalls(let calls):
            let json = calls.map { #"{"name":"\#($0.toolName)","arguments":\#($0.arguments.jsonString)}"# }
            return ChatTurn(role: .assistant, content: json.joined(separator: "\n"))
        case .toolOutput(let output):
            return ChatTurn(role: .tool, content: output.segments.plainText)
        case .response(let response):
            return ChatTurn(role: .assistant, content: response.segments.plainText)
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
