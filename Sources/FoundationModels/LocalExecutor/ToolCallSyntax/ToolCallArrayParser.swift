import Foundation

/// Reads the calls out of a call turn: the JSON array between `<tool_call>` and `</tool_call>`.
///
/// The grammar guarantees the shape when the engine decodes the turn; the parser still checks
/// everything, because the text can also come from a truncated turn or a transcript written by
/// hand, and says what was wrong and where.
///
/// ```swift
/// let calls = try ToolCallArrayParser(toolNames: ["currentWeather"])
///     .calls(in: #"[{"name":"currentWeather","arguments":{"city":"Seoul"}}]"#)
/// calls[0].toolName    // "currentWeather"
/// ```
struct ToolCallArrayParser {
    /// Why a call turn could not be read.
    enum Failure: Error, Equatable, CustomStringConvertible {
        /// The text is not a JSON array (the JSON parser's message included).
        case notJSONArray(String)
        /// Call `index` is not an object with a string `name` and an object `arguments`.
        case malformedCall(index: Int)
        /// Call `index` names a tool the session does not have.
        case unknownTool(index: Int, name: String, known: [String])

        var description: String {
            switch self {
            case .notJSONArray(let detail):
                "The tool call turn is not a JSON array of calls: \(detail)"
            case .malformedCall(let index):
                "Tool call \(index) is not an object with a string \"name\" and an object \"arguments\"."
            case .unknownTool(let index, let name, let known):
                "Tool call \(index) names '\(name)', which is not one of the session's tools (\(known.joined(separator: ", ")))."
            }
        }
    }

    let toolNames: [String]

    /// The calls in `text`, in order, each with a fresh id.
    func calls(in text: String) throws(Failure) -> [Transcript.ToolCall] {
        let content: GeneratedContent
        do {
            content = try GeneratedContent(json: text)
        } catch {
            throw .notJSONArray("\(error)")
        }
        guard case .array(let elements) = content.kind else { throw .notJSONArray("found \(content.kind.typeName)") }
        var calls: [Transcript.ToolCall] = []
        for (index, element) in elements.enumerated() {
            guard case .structure(let properties, _) = element.kind,
                  case .string(let name)? = properties["name"]?.kind,
                  let arguments = properties["arguments"], case .structure = arguments.kind
            else { throw .malformedCall(index: index) }
            guard toolNames.contains(name) else { throw .unknownTool(index: index, name: name, known: toolNames) }
            calls.append(Transcript.ToolCall(id: UUID().uuidString, toolName: name, arguments: arguments))
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
