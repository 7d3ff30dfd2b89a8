extension LanguageModelSession {
    /// Responds to a prompt with text, with options for how the model is prompted.
    ///
    /// ```swift
    /// let answer = try await session.respond(to: Prompt("Why?"), contextOptions: ContextOptions(reasoningLevel: .light))
    /// ```
    /// - parameter contextOptions: How the model is prompted; a reasoning level asked of a model
    ///   without `.reasoning` throws ``LanguageModelError/unsupportedCapability(_:)``.
    /// - parameter metadata: Values for the model's executor (its request's `metadata`).
    @discardableResult
    nonisolated(nonsending) public final func respond(
        to prompt: Prompt, options: GenerationOptions = GenerationOptions(), contextOptions: ContextOptions = ContextOptions(),
        metadata: [String: any ConvertibleToGeneratedContent] = [:]
    ) async throws -> Response<String> {
        var request = GenerationRequest(prompt: prompt, schema: nil, includeSchemaInPrompt: false, options: options, responseFormat: nil)
        request.contextOptions = contextOptions
        request.metadata = metadata.mapValues(\.generatedContent)
        let result = try await generate(request)
        return Response(content: try String(result.content), result: result)
    }

    /// Streams a text response to a prompt, with options for how the model is prompted.
    public final func streamResponse(
        to prompt: Prompt, options: GenerationOptions = GenerationOptions(), contextOptions: ContextOptions = ContextOptions(),
        metadata: [String: any ConvertibleToGeneratedContent] = [:]
    ) -> sending ResponseStream<String> {
        var request = GenerationRequest(prompt: prompt, schema: nil, includeSchemaInPrompt: false, options: options, responseFormat: nil)
        request.contextOptions = contextOptions
        request.metadata = metadata.mapValues(\.generatedContent)
        let prepared = request
        return ResponseStream(run: StreamRun { [self] onUpdate in try await generate(prepared, onUpdate: onUpdate) })
    }
}
