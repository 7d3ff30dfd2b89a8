import Foundation

/// Everything an executor needs to generate the next entry: the conversation so far, the tools
/// it may call, the schema the answer must follow, and the caller's options.
///
/// ```swift
/// func respond(to request: LanguageModelExecutorGenerationRequest, model: MyModel,
///              streamingInto channel: LanguageModelExecutorGenerationChannel) async throws {
///     let history = request.transcript.map(\.description)
///     let wantsJSON = request.schema != nil
/// }
/// ```
public struct LanguageModelExecutorGenerationRequest: Sendable {
    /// The request identifier (one per executor call).
    public var id: UUID
    /// The transcript to generate the next entry for; its last entries are this request's
    /// prompt and, in a tool loop, the calls and outputs so far.
    public var transcript: Transcript
    /// The subset of tool definitions that the model is allowed to call (empty when
    /// ``GenerationOptions/toolCallingMode-swift.property`` is `.disallowed`).
    public var enabledToolDefinitions: [Transcript.ToolDefinition]
    /// The schema the response must follow, or `nil` for text.
    public var schema: GenerationSchema?
    /// Generation options that control sampling behavior.
    public var generationOptions: GenerationOptions
    /// Settings that configure how the model is prompted.
    public var contextOptions: ContextOptions
    /// Values the caller attached to the request, for the executor.
    public var metadata: [String: GeneratedContent]

    /// Creates a generation request.
    ///
    /// - parameter id: The request identifier.
    /// - parameter transcript: The transcript to generate the next entry for.
    /// - parameter enabledTools: The subset of tool definitions the model may call.
    /// - parameter schema: The schema the response must follow, or `nil` for text.
    /// - parameter generationOptions: Options that control sampling.
    /// - parameter contextOptions: Options that control the prompt.
    /// - parameter metadata: Values for the executor, converted to generated content.
    public init(
        id: UUID, transcript: Transcript, enabledTools: [Transcript.ToolDefinition], schema: GenerationSchema? = nil,
        generationOptions: GenerationOptions, contextOptions: ContextOptions,
        metadata: [String: any ConvertibleToGeneratedContent]
    ) {
        self.id = id
        self.transcript = transcript
        self.enabledToolDefinitions = enabledTools
        self.schema = schema
        self.generationOptions = generationOptions
        self.contextOptions = contextOptions
        self.metadata = metadata.mapValues(\.generatedContent)
    }
}
