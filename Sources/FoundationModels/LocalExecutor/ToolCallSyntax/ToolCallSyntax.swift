import Foundation
import JSONCore

/// How one model family's chat format carries tool calls: the renderer (tool definitions in the
/// system turn, a call turn, the tools' outputs), how a call turn is decoded under the grammar,
/// and the parser that reads the calls back out of a call turn.
///
/// Each family was trained on its own format, and a small model calls tools well only in that
/// one, so the format is chosen per model from its GGUF (``ToolCallSyntaxSelection``):
///
/// - ``ArrayToolCallSyntax``: SmolLM2's, one JSON array of calls per turn inside
///   `<tool_call>…</tool_call>`, outputs in a `tool` turn; also the format of families without a
///   known one of their own.
/// - ``QwenToolCallSyntax``: Qwen2.5's (the Hermes format), each call its own
///   `<tool_call>\n{…}\n</tool_call>` block, outputs in a user turn.
///
/// Whatever the format, every call is decoded under ``ToolCallGrammar``: it can name only a
/// tool of the session, with arguments that satisfy that tool's schema.
///
/// ```swift
/// let syntax = backend.toolCallSyntax
/// let system = syntax.systemText(instructions: "Be brief.", tools: definitions)
/// let calls = try syntax.calls(in: turnText, toolNames: ["currentWeather"])
/// ```
protocol ToolCallSyntax: Sendable {
    /// The text that opens a call turn; a turn that does not start with it is a final answer.
    /// The model's first token chooses (see ``ToolTurnDecoder``).
    var openTag: String { get }

    /// How a call may begin without ``openTag``, for a family whose small models often leave
    /// the tag out (`{"name"`: Qwen2.5-Coder-0.5B opens its calls so); `nil` when only the tag
    /// opens one. A text answer's first token that spells a prefix of it starts a call instead,
    /// as llama.cpp's Hermes-format parser takes a bare `{"name"` for one; its turn is then
    /// rendered with the tag, as the format writes it.
    var untaggedCallOpening: String? { get }

    /// The role of the turn that brings a call turn's outputs back to the model.
    var outputRole: ChatTurn.Role { get }

    /// The system turn: the app's instructions and the definitions of the tools the model is
    /// shown (the text alone when there are none).
    func systemText(instructions: String, tools definitions: [Transcript.ToolDefinition]) -> String

    /// A call turn as the model writes it, for the transcript's earlier calls.
    func callsText(_ calls: [Transcript.ToolCall]) -> String

    /// The outputs of one call turn, in call order, as the content of the one turn of
    /// ``outputRole`` that answers it.
    func outputsText(_ texts: [String]) -> String

    /// Made-up exchanges shown between the system turn and the conversation; empty for a
    /// family that calls tools from their definitions alone.
    func exampleTurns(for definitions: [Transcript.ToolDefinition]) -> [ChatTurn]

    /// Writes the rest of a call turn after the model chose ``openTag`` (already in
    /// `writer`'s tokens), or began a call without it (``untaggedCallOpening``; then `writer`
    /// holds that token as the start of the first value), and returns the whole turn's text as
    /// the format writes it, the tag included.
    ///
    /// - throws: `GenerationError.decodingFailure` when the budget ends inside a call; engine
    ///   errors; `CancellationError`.
    func decodeCalls(under grammar: ToolCallGrammar, with writer: inout CallTurnWriter) throws -> String

    /// The calls of a call turn's text (as ``decodeCalls(under:with:)`` returns it, or as a
    /// transcript written by hand holds it), in order, each with a fresh id.
    ///
    /// - throws: ``ToolCallParseFailure`` saying what is wrong and where.
    func calls(in turn: String, toolNames: [String]) throws(ToolCallParseFailure) -> [Transcript.ToolCall]
}

extension ToolCallSyntax {
    /// One tool as a system turn lists it: an OpenAI-style function definition (name,
    /// description and argument schema), the shape chat templates receive tools in.
    static func definitionJSON(_ definition: Transcript.ToolDefinition) -> JSONValue {
        let parameters = (try? definition.parameters.jsonSchema()).map(PromptRenderer.promptSchema) ?? ["type": "object"]
        let function: JSONValue = .object(JSONCore.JSONObject([
            (key: "name", value: .string(definition.name)),
            (key: "description", value: .string(definition.description)),
            (key: "parameters", value: parameters),
        ]))
        return .object(JSONCore.JSONObject([(key: "type", value: "function"), (key: "function", value: function)]))
    }

    /// A call's arguments as JSON.
    static func argumentsJSON(_ call: Transcript.ToolCall) -> JSONValue {
        call.arguments.jsonValue
    }
}

extension [Transcript.ToolDefinition] {
    /// The definitions the model is shown: those whose tool includes its schema in the
    /// instructions. The others are still callable; the app describes them itself.
    func shown(for tools: [any Tool]) -> [Transcript.ToolDefinition] {
        let hidden = Set(tools.filter { !$0.includesSchemaInInstructions }.map(\.name))
        return filter { !hidden.contains($0.name) }
    }
}
