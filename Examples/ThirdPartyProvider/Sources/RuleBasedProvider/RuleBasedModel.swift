public import FoundationModels
import Foundation

/// A model that answers by rules instead of weights, shipped the way a provider ships one: a
/// light `LanguageModel` and an executor that does the work.
///
/// - A prompt naming one of the enabled tools gets a call to it, with the prompt's last word
///   as every string argument; after the tool's output it answers "The tool said: …".
/// - A request with a schema gets a JSON value that follows it (first enum case, 1, true, "rule").
/// - Anything else gets the prompt back, upper-cased, streamed word by word.
/// - The prompt "fail" makes the executor throw ``RuleBasedError``.
public struct RuleBasedModel: LanguageModel {
    public typealias Executor = RuleBasedExecutor

    /// The capabilities the model claims; a narrower set makes the session refuse requests.
    public let capabilities: LanguageModelCapabilities

    public init(capabilities: LanguageModelCapabilities = LanguageModelCapabilities([.guidedGeneration, .toolCalling])) {
        self.capabilities = capabilities
    }

    public var executorConfiguration: RuleBasedExecutor.Configuration { .init(shout: true) }
}

/// What the rule-based executor throws for the prompt "fail".
public struct RuleBasedError: Error, Equatable {
    public let reason: String
}

public struct RuleBasedExecutor: LanguageModelExecutor {
    public struct Configuration: Hashable, Sendable {
        public var shout: Bool
    }

    let shout: Bool

    // A non-throwing init satisfies the protocol's throwing requirement.
    public init(configuration: Configuration) { shout = configuration.shout }

    // A plain `async throws` witness: NonisolatedNonsendingByDefault makes it nonsending, as
    // the requirement is. The Model type is inferred from the `model:` parameter.
    public func respond(to request: LanguageModelExecutorGenerationRequest, model: RuleBasedModel,
                        streamingInto channel: LanguageModelExecutorGenerationChannel) async throws {
        let prompt = Self.lastPrompt(in: request.transcript)
        if prompt == "fail" { throw RuleBasedError(reason: "asked to fail") }
        let input = request.transcript.map(\.description).joined().split(separator: " ").count
        await channel.send(.response(action: .updateMetadata(["modelID": "rule-based-1"])))

        if case .toolOutput(let output)? = request.transcript.last {
            try await stream("The tool said: \(output.segments.map(\.description).joined())", input: input, into: channel)
            return
        }
        if let tool = request.enabledToolDefinitions.first(where: { prompt.contains($0.name) }) {
            let word = prompt.split(separator: " ").last.map(String.init) ?? ""
            let arguments = try Self.value(for: Self.jsonSchema(tool.parameters), word: word)
            let json = String(decoding: try JSONSerialization.data(withJSONObject: arguments, options: [.sortedKeys]), as: UTF8.self)
            // Arguments stream in two pieces, as a server's deltas would.
            let middle = json.index(json.startIndex, offsetBy: json.count / 2)
            for piece in [json[..<middle], json[middle...]] {
                await channel.send(.toolCalls(action: .toolCall(id: "call-1", name: tool.name,
                                                                action: .appendArguments(String(piece), tokenCount: 1))))
            }
            return
        }
        if let schema = request.schema {
            let value = try Self.value(for: Self.jsonSchema(schema), word: "rule")
            let json = String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
            try await stream(json, input: input, into: channel)
            return
        }
        try await stream(shout ? prompt.uppercased() : prompt, input: input, into: channel)
    }

    /// Sends `text` word by word with a usage update after each word.
    private func stream(_ text: String, input: Int, into channel: LanguageModelExecutorGenerationChannel) async throws {
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        for (index, word) in words.enumerated() {
            try Task.checkCancellation()
            await channel.send(.response(action: .appendText(index == 0 ? String(word) : " " + word, tokenCount: 1)))
            await channel.send(.response(action: .updateUsage(
                input: .init(totalTokenCount: input, cachedTokenCount: 0),
                output: .init(totalTokenCount: index + 1, reasoningTokenCount: 0))))
        }
    }

    static func lastPrompt(in transcript: Transcript) -> String {
        for entry in transcript.reversed() {
            if case .prompt(let prompt) = entry { return prompt.segments.map(\.description).joined() }
        }
        return ""
    }

    /// The schema as JSON Schema (GenerationSchema is Encodable).
    static func jsonSchema(_ schema: GenerationSchema) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(schema))
        return object as? [String: Any] ?? [:]
    }

    /// A value that follows `schema`: the first enum case, 1, true, `word`, one array item.
    static func value(for schema: [String: Any], root: [String: Any]? = nil, word: String) throws -> Any {
        let root = root ?? schema
        if let reference = schema["$ref"] as? String, let name = reference.split(separator: "/").last,
           let definitions = root["$defs"] as? [String: Any], let target = definitions[String(name)] as? [String: Any] {
            return try value(for: target, root: root, word: word)
        }
        if let cases = schema["enum"] as? [Any], let first = cases.first { return first }
        if let choices = schema["anyOf"] as? [[String: Any]], let first = choices.first { return try value(for: first, root: root, word: word) }
        switch schema["type"] as? String {
        case "object":
            let properties = schema["properties"] as? [String: [String: Any]] ?? [:]
            return try properties.mapValues { try value(for: $0, root: root, word: word) }
        case "array":
            let items = schema["items"] as? [String: Any] ?? [:]
            let count = max(1, schema["minItems"] as? Int ?? 1)
            return try (0..<count).map { _ in try value(for: items, root: root, word: word) }
        case "integer": return (schema["minimum"] as? Int) ?? 1
        case "number": return (schema["minimum"] as? Double) ?? 1.5
        case "boolean": return true
        default: return word
        }
    }
}
