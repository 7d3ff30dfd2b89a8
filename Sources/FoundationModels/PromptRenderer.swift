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
            return ChatTurn(role: .system, content: ToolCallFormat.systemText(
                instructions: instructions.segments.plainText, tools: instructions.toolDefinitions))
        case .prompt(let prompt):
            return ChatTurn(role: .user, content: prompt.segments.plainText)
        case .toolCalls(let calls):
            return ChatTurn(role: .assistant, content: ToolCallFormat.callsText(calls))
        case .toolOutput(let output):
            return ChatTurn(role: .user, content: ToolCallFormat.outputText(output.segments.plainText))
        case .response(let response):
            return ChatTurn(role: .assistant, content: response.segments.plainText)
        }
    }

    /// The sentence that shows the model the schema its answer must follow.
    static func schemaInstruction(_ schemaJSON: String) -> String {
        "Respond with a JSON value that follows this JSON Schema: \(schemaJSON)"
    }
}
