import Foundation

/// Reads the calls out of an array call turn (``ArrayToolCallSyntax``): the JSON array between
/// `<tool_call>` and `</tool_call>`.
///
/// ```swift
/// let calls = try ToolCallArrayParser(toolNames: ["currentWeather"])
///     .calls(in: #"[{"name":"currentWeather","arguments":{"city":"Seoul"}}]"#)
/// calls[0].toolName    // "currentWeather"
/// ```
struct ToolCallArrayParser {
    let toolNames: [String]

    /// The calls in `text` (the array, without the tags), in order, each with a fresh id.
    func calls(in text: String) throws(ToolCallParseFailure) -> [Transcript.ToolCall] {
        let content: GeneratedContent
        do {
            content = try GeneratedContent(json: text)
        } catch {
            throw .notJSONArray("\(error)")
        }
        guard case .array(let elements) = content.kind else { throw .notJSONArray("found \(content.kind.typeName)") }
        var calls: [Transcript.ToolCall] = []
        for (index, element) in elements.enumerated() {
            calls.append(try ToolCallParseFailure.call(element, index: index, toolNames: toolNames))
        }
        return calls
    }
}

extension GeneratedContent.Kind {
    /// JSON's name for the kind, for messages.
    fileprivate var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .structure: "an object"
        }
    }
}
