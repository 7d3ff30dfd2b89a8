/// What an OpenAI-compatible server supports beyond text, declared per server: Chat Completions
/// servers differ in exactly these places, and a request the server would silently ignore
/// must be refused before it is sent.
///
/// ```swift
/// // llama-cpp-python's server: a schema as `json_object` + `schema`, no tool-call parsing
/// // for most chat templates, no usage in streams.
/// let model = OpenAICompatibleLanguageModel(name: "local", baseURL: url, features: .llamaCppPython)
/// ```
public struct ServerFeatures: Sendable, Hashable {
    /// How the server takes a schema for the answer, if at all.
    public var structuredOutput: StructuredOutput
    /// Whether the server returns the model's calls as `tool_calls` (it parses its model's
    /// tool-call syntax); without it, a session with tools is refused up front.
    public var toolCalling: Bool
    /// Whether the server honours `stream_options.include_usage` (a last chunk with the usage).
    /// Without it, a stream's usage is what the server sends anyway, else one token per delta.
    public var streamUsage: Bool

    public init(structuredOutput: StructuredOutput, toolCalling: Bool, streamUsage: Bool) {
        self.structuredOutput = structuredOutput
        self.toolCalling = toolCalling
        self.streamUsage = streamUsage
    }

    /// OpenAI's API as documented: `json_schema` (strict), tools, usage in streams. Also
    /// `fm serve`, vLLM and SGLang.
    public static let openAI = ServerFeatures(structuredOutput: .jsonSchema, toolCalling: true, streamUsage: true)

    /// llama-cpp-python's `llama_cpp.server` (0.3): a schema as `{"type": "json_object",
    /// "schema": ...}`, enforced by a grammar; calls are parsed only for function-calling chat
    /// formats, so none by default; usage is not streamed.
    public static let llamaCppPython = ServerFeatures(structuredOutput: .jsonObjectWithSchema, toolCalling: false, streamUsage: false)

    /// Text only.
    public static let textOnly = ServerFeatures(structuredOutput: .unsupported, toolCalling: false, streamUsage: false)

    /// How a schema for the answer goes to the server.
    public struct StructuredOutput: Sendable, Hashable, CustomStringConvertible {
        enum Form: Sendable, Hashable { case jsonSchema, jsonObjectWithSchema, unsupported }
        let form: Form

        /// `response_format: {"type": "json_schema", "json_schema": {"name", "strict": true, "schema"}}`.
        public static let jsonSchema = StructuredOutput(form: .jsonSchema)
        /// `response_format: {"type": "json_object", "schema": ...}` (llama-cpp-python, Anyscale).
        public static let jsonObjectWithSchema = StructuredOutput(form: .jsonObjectWithSchema)
        /// The server cannot be asked for a schema: guided generation is refused up front.
        public static let unsupported = StructuredOutput(form: .unsupported)

        public var description: String {
            switch form {
            case .jsonSchema: "jsonSchema"
            case .jsonObjectWithSchema: "jsonObjectWithSchema"
            case .unsupported: "unsupported"
            }
        }
    }
}
