import Foundation

/// Why the calls could not be read out of a call turn.
///
/// The grammar guarantees the shape when the engine decodes the turn; the parsers still check
/// everything, because the text can also come from a truncated turn or a transcript written by
/// hand, and they say what was wrong and where.
enum ToolCallParseFailure: Error, Equatable, CustomStringConvertible {
    /// The calls of an array turn are not a JSON array (the JSON parser's message included).
    case notJSONArray(String)
    /// Call `index` is not JSON (the JSON parser's message included).
    case notJSON(index: Int, String)
    /// Call `index` is not an object with a string `name` and an object `arguments`.
    case malformedCall(index: Int)
    /// Call `index` names a tool the session does not have.
    case unknownTool(index: Int, name: String, known: [String])
    /// The turn's text does not have `expected` at UTF-8 offset `offset`.
    case missingTag(expected: String, offset: Int)
    /// The turn holds no call.
    case noCalls

    var description: String {
        switch self {
        case .notJSONArray(let detail):
            "The tool call turn is not a JSON array of calls: \(detail)"
        case .notJSON(let index, let detail):
            "Tool call \(index) is not JSON: \(detail)"
        case .malformedCall(let index):
            "Tool call \(index) is not an object with a string \"name\" and an object \"arguments\"."
        case .unknownTool(let index, let name, let known):
            "Tool call \(index) names '\(name)', which is not one of the session's tools (\(known.joined(separator: ", ")))."
        case .missingTag(let expected, let offset):
            "The tool call turn lacks \(expected.debugDescription) at byte \(offset)."
        case .noCalls:
            "The tool call turn holds no call."
        }
    }

    /// One call, checked: an object with a string `name` naming one of `toolNames` and an
    /// object `arguments`.
    static func call(_ content: GeneratedContent, index: Int, toolNames: [String]) throws(ToolCallParseFailure) -> Transcript.ToolCall {
        guard case .structure(let properties, _) = content.kind,
              case .string(let name)? = properties["name"]?.kind,
              let arguments = properties["arguments"], case .structure = arguments.kind
        else { throw .malformedCall(index: index) }
        guard toolNames.contains(name) else { throw .unknownTool(index: index, name: name, known: toolNames) }
        return Transcript.ToolCall(id: UUID().uuidString, toolName: name, arguments: arguments)
    }
}
