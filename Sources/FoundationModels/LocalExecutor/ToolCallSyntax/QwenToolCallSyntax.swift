import Foundation
import JSONCore

/// Qwen2.5's tool-call format (the "Hermes" format), as Qwen2.5's own chat template writes it:
/// the definitions in the system turn after the instructions, each call of a call turn its own
/// `<tool_call>` block holding one JSON object, and the outputs in the user turn that follows.
///
/// ```text
/// <|im_start|>system
/// INSTRUCTIONS
///
/// # Tools
///
/// You may call one or more functions to assist with the user query.
/// …
/// <tools>
/// {"type": "function", "function": {"name": "currentWeather", …}}
/// </tools>
/// …<|im_end|>
/// <|im_start|>assistant
/// <tool_call>
/// {"name": "currentWeather", "arguments": {"city": "Seoul"}}
/// </tool_call>
/// <tool_call>
/// {"name": "currentWeather", "arguments": {"city": "Busan"}}
/// </tool_call><|im_end|>
/// <|im_start|>user
/// <tool_response>
/// Seoul: 21°C, clear
/// </tool_response>
/// <tool_response>
/// Busan: 25°C, clear
/// </tool_response><|im_end|>
/// ```
///
/// JSON is written as the template's `tojson` writes it (a space after `,` and `:`), and the
/// grammar lets the model write those spaces. A call turn is decoded as: the tag, a newline,
/// one call under ``ToolCallGrammar/callSchema`` (the model may end its line), a newline unless
/// it did, and the closing tag; then the model chooses between the end of the turn and a newline
/// that opens the next call, up to ``ToolCallGrammar/maximumCalls`` calls. A model that ends its
/// turn right after a call's JSON (Qwen2.5-Coder-0.5B, greedy, unconstrained, writes one bare
/// call and stops) ends the calls there.
struct QwenToolCallSyntax: ToolCallSyntax {
    let openTag = "<tool_call>"
    let closeTag = "</tool_call>"
    /// Outputs come back in a user turn, as Qwen's template renders `tool` messages.
    let outputRole = ChatTurn.Role.user
    /// A bare call's JSON: measured on Qwen2.5-Coder-0.5B (greedy, the seed's weather
    /// question), the first token of its turn is the `{"` of `{"name": "currentWeather", …}`.
    let untaggedCallOpening: String? = "{\"name\""
    /// The system text the template writes when the conversation has none ("You are Qwen,
    /// created by Alibaba Cloud. You are a helpful assistant."); it opens the system turn of a
    /// session with tools and no instructions, as the template's does.
    let defaultInstructions: String?

    init(defaultInstructions: String? = nil) {
        self.defaultInstructions = defaultInstructions
    }

    func systemText(instructions: String, tools definitions: [Transcript.ToolDefinition]) -> String {
        guard !definitions.isEmpty else { return instructions }
        let listed = definitions.map { Self.definitionJSON($0).serialized(.init(spacesAfterSeparators: true)) }
        let opening = instructions.isEmpty ? (defaultInstructions ?? "") : instructions
        return opening + "\n\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\n"
            + "You are provided with function signatures within <tools></tools> XML tags:\n<tools>\n"
            + listed.joined(separator: "\n")
            + "\n</tools>\n\nFor each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\n"
            + "<tool_call>\n{\"name\": <function-name>, \"arguments\": <args-json-object>}\n</tool_call>"
    }

    func callsText(_ calls: [Transcript.ToolCall]) -> String {
        calls.map { call in
            let arguments = Self.argumentsJSON(call).serialized(.init(spacesAfterSeparators: true))
            return openTag + "\n{\"name\": \"" + call.toolName + "\", \"arguments\": " + arguments + "}\n" + closeTag
        }.joined(separator: "\n")
    }

    func outputsText(_ texts: [String]) -> String {
        texts.map { "<tool_response>\n\($0)\n</tool_response>" }.joined(separator: "\n")
    }

    /// None: the definitions alone, as Qwen's template shows them. Measured on
    /// Qwen2.5-Coder-0.5B (greedy, the seed's weather question): without examples its first
    /// token is the `{"` of a bare call (``untaggedCallOpening``); with SmolLM2's placeholder
    /// exchanges written in this format it answers in prose with a made-up temperature.
    func exampleTurns(for definitions: [Transcript.ToolDefinition]) -> [ChatTurn] { [] }

    func decodeCalls(under grammar: ToolCallGrammar, with writer: inout CallTurnWriter) throws -> String {
        var calls: [String] = []
        var written: [JSONValue] = []
        func turnText() -> String {
            calls.map { openTag + "\n" + $0.trimmingCharacters(in: .whitespacesAndNewlines) + "\n" + closeTag }.joined(separator: "\n")
        }
        while true {
            // An untagged first call's JSON has begun already.
            if !writer.startsInsideValue { try writer.write("\n") }
            // The model may end the value's line itself (`"}}\n` is one token, as trained).
            let call = try writer.value(under: grammar.callSchema, spaced: true)
            // A call the turn made already would only repeat its output: the turn ends before
            // it. (Greedy Qwen2.5-Coder-0.5B goes on Seoul, Busan, Seoul, … until the bound.)
            let value = try? JSONValue(parsing: call)
            if let value, written.contains(value), !calls.isEmpty { return turnText() }
            if let value { written.append(value) }
            calls.append(call)
            // A value followed by neither a space nor a line feed stopped because the model
            // chose the end of its turn right after it: the calls end there. So does a budget
            // spent on the value.
            if !(call.hasSuffix("\n") || call.hasSuffix(" ")) || writer.generated >= writer.budget { return turnText() }
            try writer.write((call.hasSuffix("\n") ? "" : "\n") + closeTag)
            guard calls.count < grammar.maximumCalls, try writer.continues(with: "\n" + openTag) else { return turnText() }
        }
    }

    /// The calls of `<tool_call>\n{…}\n</tool_call>` blocks separated by whitespace (the last
    /// closing tag may be missing, as in a turn cut off by the budget).
    func calls(in turn: String, toolNames: [String]) throws(ToolCallParseFailure) -> [Transcript.ToolCall] {
        var calls: [Transcript.ToolCall] = []
        var rest = Substring(turn)
        func offset() -> Int { turn.utf8.distance(from: turn.startIndex, to: rest.startIndex) }
        while true {
            rest = rest.drop(while: \.isWhitespace)
            if rest.isEmpty { break }
            guard rest.hasPrefix(openTag) else { throw .missingTag(expected: openTag, offset: offset()) }
            rest = rest.dropFirst(openTag.count)
            // The block ends at the first closing tag after which the body is JSON (a string in
            // the arguments may spell the tag), else at the end of the text.
            var content: GeneratedContent?
            var failure = ""
            var searchStart = rest.startIndex
            while content == nil {
                let close = rest[searchStart...].range(of: closeTag)
                let body = rest[..<(close?.lowerBound ?? rest.endIndex)].trimmingCharacters(in: .whitespacesAndNewlines)
                do {
                    // Strict JSON: GeneratedContent's own parser also takes a prefix.
                    content = GeneratedContent(jsonValue: try JSONValue(parsing: body))
                    rest = close.map { rest[$0.upperBound...] } ?? rest[rest.endIndex...]
                } catch {
                    failure = "\(error)"
                    guard let close else { break }
                    searchStart = close.upperBound
                }
            }
            guard let content else { throw .notJSON(index: calls.count, failure) }
            calls.append(try ToolCallParseFailure.call(content, index: calls.count, toolNames: toolNames))
        }
        guard !calls.isEmpty else { throw .noCalls }
        return calls
    }
}
