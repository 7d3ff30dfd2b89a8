extension Transcript {
    /// One call of a tool, with the arguments the model generated and metadata.
    public struct ToolCall: Sendable, Identifiable, Equatable, Codable, CustomStringConvertible {
        public var id: String
        public var toolName: String
        public var arguments: GeneratedContent
        var storedMetadata: [String: GeneratedContent]?

        /// Creates a tool call that invokes a tool with the arguments you provide.
        ///
        /// - parameter id: A unique identifier for the tool call.
        /// - parameter toolName: The name of the tool to invoke.
        /// - parameter arguments: The arguments to pass to the invoked tool.
        public init(id: String, toolName: String, arguments: GeneratedContent) {
            self.id = id
            self.toolName = toolName
            self.arguments = arguments
        }

        /// Creates a tool call that invokes a tool with the metadata and arguments you provide.
        ///
        /// ```swift
        /// Transcript.ToolCall(id: "call-1", metadata: ["provider": "local"], toolName: "getWeather",
        ///                     arguments: GeneratedContent(properties: ["city": "Seoul"]))
        /// ```
        /// - parameter id: A unique identifier for the tool call.
        /// - parameter metadata: Additional information to associate with the tool call, keyed by name.
        /// - parameter toolName: The name of the tool to invoke.
        /// - parameter arguments: The arguments to pass to the invoked tool.
        public init(id: String, metadata: [String: any ConvertibleToGeneratedContent], toolName: String, arguments: GeneratedContent) {
            self.init(id: id, toolName: toolName, arguments: arguments)
            storedMetadata = metadata.generatedContent.storedForm
        }

        /// Metadata produced by the model while generating this tool call.
        public var metadata: [String: GeneratedContent] {
            get { storedMetadata ?? [:] }
            set { storedMetadata = newValue.storedForm }
        }

        /// The call as `name(arguments-as-JSON)`.
        public var description: String { "\(toolName)(\(arguments.jsonString))" }

        private enum CodingKeys: String, CodingKey {
            case id, toolName, arguments
            case storedMetadata = "metadata"
        }
    }
}
