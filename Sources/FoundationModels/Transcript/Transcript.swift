import Foundation

/// The record of a session: instructions, prompts, reasoning, tool calls and their output,
/// responses.
///
/// A transcript is `Codable`, so a conversation can be saved and a new session started from
/// it with ``LanguageModelSession/init(model:tools:transcript:)``. It is a mutable,
/// range-replaceable collection of entries, and ``history`` is the part after the leading
/// instructions.
///
/// ```swift
/// let data = try JSONEncoder().encode(session.transcript)
/// var transcript = try JSONDecoder().decode(Transcript.self, from: data)
/// transcript.history = Transcript.HistoryView(transcript.history.suffix(20))
/// let restored = LanguageModelSession(transcript: transcript)
/// ```
public struct Transcript: Sendable, Equatable, Codable, RandomAccessCollection {
    var entries: [Entry]

    /// Creates a transcript with these entries.
    ///
    /// - parameter entries: The entries, in order.
    public init(entries: some Sequence<Entry> = []) { self.entries = Array(entries) }

    public typealias Index = Int

    public var startIndex: Int { entries.startIndex }
    public var endIndex: Int { entries.endIndex }

    /// The entry at a position; settable, as in Apple's 27 API.
    public subscript(position: Int) -> Entry {
        get { entries[position] }
        set { entries[position] = newValue }
    }

    /// One entry of a transcript.
    public enum Entry: Sendable, Identifiable, Equatable, Codable, CustomStringConvertible {
        /// Instructions, typically provided by you, the developer.
        case instructions(Transcript.Instructions)
        /// A prompt, typically sourced from an end user.
        case prompt(Transcript.Prompt)
        /// Tool calls the model made.
        case toolCalls(Transcript.ToolCalls)
        /// A tool's output provided back to the model.
        case toolOutput(Transcript.ToolOutput)
        /// A response from the model.
        case response(Transcript.Response)
        /// Reasoning from the model, produced before its response.
        case reasoning(Transcript.Reasoning)

        public var id: String {
            switch self {
            case .instructions(let value): value.id
            case .prompt(let value): value.id
            case .toolCalls(let value): value.id
            case .toolOutput(let value): value.id
            case .response(let value): value.id
            case .reasoning(let value): value.id
            }
        }

        public var description: String {
            switch self {
            case .instructions(let value): "Instructions: \(value)"
            case .prompt(let value): "Prompt: \(value)"
            case .toolCalls(let value): "Tool calls: \(value)"
            case .toolOutput(let value): "Tool output (\(value.toolName)): \(value)"
            case .response(let value): "Response: \(value)"
            case .reasoning(let value): "Reasoning: \(value)"
            }
        }

        /// The entry's segments (none for tool calls).
        var segments: [Segment] {
            switch self {
            case .instructions(let value): value.segments
            case .prompt(let value): value.segments
            case .toolCalls: []
            case .toolOutput(let value): value.segments
            case .response(let value): value.segments
            case .reasoning(let value): value.segments
            }
        }
    }

    /// A text segment.
    public struct TextSegment: Sendable, Identifiable, Equatable, Codable, CustomStringConvertible {
        public var id: String
        public var content: String

        /// Creates a text segment.
        ///
        /// - parameter id: A unique identifier for the segment.
        /// - parameter content: The text.
        public init(id: String = UUID().uuidString, content: String) {
            self.id = id
            self.content = content
        }

        /// The text.
        public var description: String { content }
    }

    /// A structured segment: generated content and the name of the schema it follows.
    public struct StructuredSegment: Sendable, Identifiable, Equatable, Codable, CustomStringConvertible {
        public var id: String
        /// The name of the type or schema the content follows (Apple's 26 name for
        /// ``schemaName``, deprecated in 27 per platform, so it warns nowhere on Linux).
        @available(iOS, deprecated: 27.0, renamed: "schemaName")
        @available(macOS, deprecated: 27.0, renamed: "schemaName")
        @available(visionOS, deprecated: 27.0, renamed: "schemaName")
        public var source: String
        /// The content of the segment.
        public var content: GeneratedContent

        /// Creates a structured segment (Apple's 26 initializer).
        ///
        /// - parameter id: A unique identifier for the segment.
        /// - parameter source: The name of the type or schema the content follows.
        /// - parameter content: The content.
        @available(iOS, deprecated: 27.0, renamed: "init(id:schemaName:content:)")
        @available(macOS, deprecated: 27.0, renamed: "init(id:schemaName:content:)")
        @available(visionOS, deprecated: 27.0, renamed: "init(id:schemaName:content:)")
        public init(id: String = UUID().uuidString, source: String, content: GeneratedContent) {
            self.id = id
            self.source = source
            self.content = content
        }

        /// The content as JSON.
        public var description: String { content.jsonString }
    }

    /// The session's instructions and the tools it offers.
    public struct Instructions: Sendable, Identifiable, Equatable, Codable, CustomStringConvertible {
        public var id: String
        public var segments: [Transcript.Segment]
        public var toolDefinitions: [Transcript.ToolDefinition]

        /// Creates instructions.
        ///
        /// - parameter id: A unique identifier for the entry.
        /// - parameter segments: The instructions' text, structures and attachments.
        /// - parameter toolDefinitions: The tools the model may call.
        public init(id: String = UUID().uuidString, segments: [Transcript.Segment], toolDefinitions: [Transcript.ToolDefinition]) {
            self.id = id
            self.segments = segments
            self.toolDefinitions = toolDefinitions
        }

        /// The segments, one per line.
        public var description: String { segments.plainText }
    }

    /// A tool as the model sees it: name, description and the schema of its arguments.
    public struct ToolDefinition: Sendable, Equatable, Codable {
        public var name: String
        public var description: String
        /// A schema that specifies the parameters of the tool.
        public var parameters: GenerationSchema

        /// Creates a tool definition.
        ///
        /// - parameter name: The tool's name.
        /// - parameter description: When and how to use the tool.
        /// - parameter parameters: The schema of the tool's arguments.
        public init(name: String, description: String, parameters: GenerationSchema) {
            self.name = name
            self.description = description
            self.parameters = parameters
        }

        /// The definition of a tool.
        public init(tool: some Tool) {
            self.init(name: tool.name, description: tool.description, parameters: tool.parameters)
        }

        public static func == (lhs: ToolDefinition, rhs: ToolDefinition) -> Bool {
            lhs.name == rhs.name && lhs.description == rhs.description
                && (try? lhs.parameters.jsonSchema()) == (try? rhs.parameters.jsonSchema())
        }
    }

    /// The tool calls the model made in one step.
    public struct ToolCalls: Sendable, Identifiable, Equatable, Codable, RandomAccessCollection, CustomStringConvertible {
        public var id: String
        var calls: [Transcript.ToolCall]

        /// Creates a tool-calls entry.
        ///
        /// - parameter id: A unique identifier for the entry.
        /// - parameter calls: The calls, in the order the model made them.
        public init<S: Sequence>(id: String = UUID().uuidString, _ calls: S) where S.Element == Transcript.ToolCall {
            self.id = id
            self.calls = Array(calls)
        }

        public var startIndex: Int { calls.startIndex }
        public var endIndex: Int { calls.endIndex }
        public subscript(position: Int) -> Transcript.ToolCall { calls[position] }

        /// The calls, comma-separated.
        public var description: String { calls.map(\.description).joined(separator: ", ") }
    }

    /// What a tool returned.
    public struct ToolOutput: Sendable, Identifiable, Equatable, Codable, CustomStringConvertible {
        public var id: String
        public var toolName: String
        public var segments: [Transcript.Segment]

        /// Creates a tool output; `id` is the id of the call it answers.
        public init(id: String, toolName: String, segments: [Transcript.Segment]) {
            self.id = id
            self.toolName = toolName
            self.segments = segments
        }

        /// The segments, one per line.
        public var description: String { segments.plainText }
    }
}

extension [Transcript.Segment] {
    /// The segments as the text the model reads: text as is, structures as JSON, one per line.
    var plainText: String { map(\.description).joined(separator: "\n") }
}
