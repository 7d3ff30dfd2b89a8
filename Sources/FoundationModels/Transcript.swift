import Foundation

/// The record of a session: instructions, prompts, tool calls and their output, responses.
///
/// A transcript is `Codable`, so a conversation can be saved and a new session started from
/// it with ``LanguageModelSession/init(model:tools:transcript:)``.
///
/// ```swift
/// let data = try JSONEncoder().encode(session.transcript)
/// let restored = LanguageModelSession(transcript: try JSONDecoder().decode(Transcript.self, from: data))
/// ```
public struct Transcript: Sendable, Equatable, Codable, RandomAccessCollection {
    var entries: [Entry]

    /// Creates a transcript with these entries.
    public init(entries: some Sequence<Entry> = []) { self.entries = Array(entries) }

    public var startIndex: Int { entries.startIndex }
    public var endIndex: Int { entries.endIndex }
    public subscript(position: Int) -> Entry { entries[position] }

    /// One entry of a transcript.
    public enum Entry: Sendable, Identifiable, Equatable, Codable, CustomStringConvertible {
        case instructions(Transcript.Instructions)
        case prompt(Transcript.Prompt)
        case toolCalls(Transcript.ToolCalls)
        case toolOutput(Transcript.ToolOutput)
        case response(Transcript.Response)

        public var id: String {
            switch self {
            case .instructions(let value): value.id
            case .prompt(let value): value.id
            case .toolCalls(let value): value.id
            case .toolOutput(let value): value.id
            case .response(let value): value.id
            }
        }

        public var description: String {
            switch self {
            case .instructions(let value): "Instructions: \(value.segments.plainText)"
            case .prompt(let value): "Prompt: \(value.segments.plainText)"
            case .toolCalls(let value): "Tool calls: " + value.map { "\($0.toolName)(\($0.arguments.jsonString))" }.joined(separator: ", ")
            case .toolOutput(let value): "Tool output (\(value.toolName)): \(value.segments.plainText)"
            case .response(let value): "Response: \(value.segments.plainText)"
            }
        }
    }

    /// A part of an entry: text, or structured content.
    public enum Segment: Sendable, Identifiable, Equatable, Codable, CustomStringConvertible {
        case text(Transcript.TextSegment)
        case structure(Transcript.StructuredSegment)

        public var id: String {
            switch self {
            case .text(let segment): segment.id
            case .structure(let segment): segment.id
            }
        }

        public var description: String {
            switch self {
            case .text(let segment): segment.content
            case .structure(let segment): segment.content.jsonString
            }
        }
    }

    /// A text segment.
    public struct TextSegment: Sendable, Identifiable, Equatable, Codable {
        public var id: String
        public var content: String

        public init(id: String = UUID().uuidString, content: String) {
            self.id = id
            self.content = content
        }
    }

    /// A structured segment: generated content and the name of the type or tool it came from.
    public struct StructuredSegment: Sendable, Identifiable, Equatable, Codable {
        public var id: String
        public var source: String
        public var content: GeneratedContent

        public init(id: String = UUID().uuidString, source: String, content: GeneratedContent) {
            self.id = id
            self.source = source
            self.content = content
        }
    }

    /// The session's instructions and the tools it offers.
    public struct Instructions: Sendable, Identifiable, Equatable, Codable {
        public var id: String
        public var segments: [Transcript.Segment]
        public var toolDefinitions: [Transcript.ToolDefinition]

        public init(id: String = UUID().uuidString, segments: [Transcript.Segment], toolDefinitions: [Transcript.ToolDefinition]) {
            self.id = id
            self.segments = segments
            self.toolDefinitions = toolDefinitions
        }
    }

    /// A prompt, the options it was answered with and the format asked for.
    public struct Prompt: Sendable, Identifiable, Equatable, Codable {
        public var id: String
        public var segments: [Transcript.Segment]
        public var options: GenerationOptions
        public var responseFormat: Transcript.ResponseFormat?

        public init(id: String = UUID().uuidString, segments: [Transcript.Segment],
                    options: GenerationOptions = GenerationOptions(), responseFormat: Transcript.ResponseFormat? = nil) {
            self.id = id
            self.segments = segments
            self.options = options
            self.responseFormat = responseFormat
        }
    }

    /// The structure a response was asked to have.
    public struct ResponseFormat: Sendable, Equatable, Codable, CustomStringConvertible {
        /// The schema's name: the type's name, or the schema's title.
        public let name: String
        let schema: GenerationSchema

        /// The format of a generable type.
        public init<Content: Generable>(type: Content.Type) {
            name = GenerationSchema.typeName(type)
            schema = type.generationSchema
        }

        /// The format of a schema.
        public init(schema: GenerationSchema) {
            self.schema = schema
            name = (try? schema.jsonSchema())?["title"]?.string ?? "schema"
        }

        public var description: String { name }

        public static func == (lhs: ResponseFormat, rhs: ResponseFormat) -> Bool {
            lhs.name == rhs.name && (try? lhs.schema.jsonSchema()) == (try? rhs.schema.jsonSchema())
        }
    }

    /// The tool calls the model made in one step.
    public struct ToolCalls: Sendable, Identifiable, Equatable, Codable, RandomAccessCollection {
        public var id: String
        var calls: [Transcript.ToolCall]

        public init<S: Sequence>(id: String = UUID().uuidString, _ calls: S) where S.Element == Transcript.ToolCall {
            self.id = id
            self.calls = Array(calls)
        }

        public var startIndex: Int { calls.startIndex }
        public var endIndex: Int { calls.endIndex }
        public subscript(position: Int) -> Transcript.ToolCall { calls[position] }
    }

    /// One call of a tool, with the arguments the model generated.
    public struct ToolCall: Sendable, Identifiable, Equatable, Codable {
        public var id: String
        public var toolName: String
        public var arguments: GeneratedContent

        public init(id: String, toolName: String, arguments: GeneratedContent) {
            self.id = id
            self.toolName = toolName
            self.arguments = arguments
        }
    }

    /// What a tool returned.
    public struct ToolOutput: Sendable, Identifiable, Equatable, Codable {
        public var id: String
        public var toolName: String
        public var segments: [Transcript.Segment]

        public init(id: String, toolName: String, segments: [Transcript.Segment]) {
            self.id = id
            self.toolName = toolName
            self.segments = segments
        }
    }

    /// A response of the model.
    public struct Response: Sendable, Identifiable, Equatable, Codable {
        public var id: String
        public var assetIDs: [String]
        public var segments: [Transcript.Segment]

        public init(id: String = UUID().uuidString, assetIDs: [String], segments: [Transcript.Segment]) {
            self.id = id
            self.assetIDs = assetIDs
            self.segments = segments
        }
    }

    /// A tool as the model sees it: name, description and the schema of its arguments.
    public struct ToolDefinition: Sendable, Equatable, Codable {
        public var name: String
        public var description: String
        let parameters: GenerationSchema

        public init(name: String, description: String, parameters: GenerationSchema) {
            self.name = name
            self.description = description
            self.parameters = parameters
        }

        public init(tool: some Tool) {
            self.init(name: tool.name, description: tool.description, parameters: tool.parameters)
        }

        public static func == (lhs: ToolDefinition, rhs: ToolDefinition) -> Bool {
            lhs.name == rhs.name && lhs.description == rhs.description
                && (try? lhs.parameters.jsonSchema()) == (try? rhs.parameters.jsonSchema())
        }
    }
}

extension [Transcript.Segment] {
    /// The segments as the text the model reads: text as is, structures as JSON, one per line.
    var plainText: String { map(\.description).joined(separator: "\n") }
}
