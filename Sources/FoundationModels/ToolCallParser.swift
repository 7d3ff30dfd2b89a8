import Foundation

/// Recognizes a tool call in a model's reply: a JSON object `{"name": ..., "arguments": {...}}`
/// naming one of the session's tools, alone or wrapped in `<tool_call>` tags (as Qwen- and
/// SmolLM-style chat models write them).
enum ToolCallParser {
    struct Call {
        var tool: any Tool
        var arguments: GeneratedContent
    }

    static func parse(_ text: String, tools: [any Tool]) -> Call? {
        var body = text.trimmingCharacters(in: .whitespacesAndNewlines)
        body = body.replacingOccurrences(of: "<tool_call>", with: "").replacingOccurrences(of: "</tool_call>", with: "")
        guard let start = body.firstIndex(of: "{"), let end = body.lastIndex(of: "}"), start < end,
              body[..<start].allSatisfy(\.isWhitespace),
              let content = try? GeneratedContent(json: String(body[start...end])), content.isComplete,
              case .structure(let properties, _) = content.kind,
              case .string(let name)? = properties["name"]?.kind,
              let tool = tools.first(where: { $0.name == name })
        else { return nil }
        let arguments = properties["arguments"] ?? properties["parameters"]
            ?? GeneratedContent(kind: .structure(properties: [:], orderedKeys: []))
        return Call(tool: tool, arguments: arguments)
    }

    /// Whether a reply still being generated may turn out to be a tool call.
    static func mayBeToolCall(_ text: String) -> Bool {
        let trimmed = text.drop { $0.isWhitespace }
        return trimmed.isEmpty || trimmed.hasPrefix("{") || trimmed.hasPrefix("<tool_call>") || "<tool_call>".hasPrefix(trimmed)
    }
}
