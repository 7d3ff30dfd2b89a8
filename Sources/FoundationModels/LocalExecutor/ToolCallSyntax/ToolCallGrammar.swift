import JSONCore

/// The JSON Schemas a call turn is decoded under: each call names a declared tool and carries
/// arguments that satisfy that tool's schema.
///
/// The decoder enforces them token by token, so every call the model writes names a real tool
/// and has arguments that decode. Whether a turn holds calls at all is the model's choice:
/// see `ToolTurnDecoder`, which lets the first token of the turn pick between a final answer
/// and the opening `<tool_call>` tag. A format with one JSON array per turn decodes it under
/// ``arraySchema`` (one to ``maximumCalls`` calls); a format with one JSON object per call
/// decodes each under ``callSchema`` and bounds their number itself.
///
/// ```json
/// {"type":"array","minItems":1,"maxItems":8,"items":{"anyOf":[
///   {"type":"object","properties":{"name":{"const":"currentWeather"},"arguments":{…}},
///    "required":["name","arguments"],"additionalProperties":false}]}}
/// ```
///
/// Each tool's `$defs` (recursive argument types) move to the top level under
/// `t<index>_<name>` so that tools' definitions cannot collide.
struct ToolCallGrammar: Sendable {
    /// The most calls one turn may hold.
    static let defaultMaximumCallsPerTurn = 8

    /// The most calls one turn may hold (at least 1).
    let maximumCalls: Int
    /// One call: an object naming one of the tools, with its arguments.
    let callSchema: JSONValue
    /// One call turn of the array format: one to ``maximumCalls`` calls.
    let arraySchema: JSONValue

    /// - throws: `GenerationError.unsupportedGuide` when a tool's arguments use a guide that
    ///   cannot be written as JSON Schema.
    init(tools: [Transcript.ToolDefinition], maximumCalls: Int = ToolCallGrammar.defaultMaximumCallsPerTurn) throws {
        var definitions = JSONCore.JSONObject()
        var alternatives: [JSONValue] = []
        for (index, tool) in tools.enumerated() {
            var arguments = try tool.parameters.jsonSchema()
            if case .object(var object) = arguments, let defs = object["$defs"]?.object {
                object["$defs"] = nil
                let prefix = "t\(index)_"
                for (name, definition) in defs {
                    definitions[prefix + name] = Self.renamingReferences(in: definition, prefix: prefix)
                }
                arguments = Self.renamingReferences(in: .object(object), prefix: prefix)
            }
            let name: JSONValue = ["const": .string(tool.name)]
            let members: [(key: String, value: JSONValue)] = [(key: "name", value: name), (key: "arguments", value: arguments)]
            alternatives.append([
                "type": "object",
                "properties": .object(JSONCore.JSONObject(members)),
                "required": ["name", "arguments"],
                "additionalProperties": false,
            ])
        }
        self.maximumCalls = max(1, maximumCalls)
        let call: JSONValue = alternatives.count == 1 ? alternatives[0] : ["anyOf": .array(alternatives)]
        let array: JSONValue = [
            "type": "array",
            "minItems": 1,
            "maxItems": .number(JSONNumber(self.maximumCalls)),
            "items": call,
        ]
        callSchema = Self.withDefinitions(call, definitions)
        arraySchema = Self.withDefinitions(array, definitions)
    }

    /// `schema` with `definitions` as its top-level `$defs` (unchanged when there are none).
    private static func withDefinitions(_ schema: JSONValue, _ definitions: JSONCore.JSONObject) -> JSONValue {
        guard !definitions.isEmpty, var root = schema.object else { return schema }
        root["$defs"] = .object(definitions)
        return .object(root)
    }

    /// `#/$defs/X` → `#/$defs/<prefix>X` everywhere in `value`.
    static func renamingReferences(in value: JSONValue, prefix: String) -> JSONValue {
        switch value {
        case .object(let object):
            var renamed = JSONCore.JSONObject()
            for (key, member) in object {
                if key == "$ref", let reference = member.string, reference.hasPrefix("#/$defs/") {
                    renamed[key] = .string("#/$defs/" + prefix + reference.dropFirst("#/$defs/".count))
                } else {
                    renamed[key] = renamingReferences(in: member, prefix: prefix)
                }
            }
            return .object(renamed)
        case .array(let elements):
            return .array(elements.map { renamingReferences(in: $0, prefix: prefix) })
        default:
            return value
        }
    }
}
