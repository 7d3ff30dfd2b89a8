extension LanguageModelSession {
    /// Responds to a prompt with text.
    ///
    /// ```swift
    /// let text = try await session.respond(to: "Name a color.").content
    /// ```
    /// - throws: ``GenerationError`` (for example `exceededContextWindowSize` before decoding
    ///   starts when the transcript and prompt do not fit), or `CancellationError`.
    @discardableResult
    public func respond(to prompt: String, options: GenerationOptions = GenerationOptions()) async throws -> Response<String> {
        try await respond(to: Prompt(prompt), options: options)
    }

    /// Responds to a prompt with text.
    @discardableResult
    public func respond(to prompt: Prompt, options: GenerationOptions = GenerationOptions()) async throws -> Response<String> {
        let result = try await generate(.init(prompt: prompt, schema: nil, includeSchemaInPrompt: false, options: options, responseFormat: nil))
        return Response(content: try String(result.content), result: result)
    }

    /// Responds to a prompt written with a builder, with text.
    @discardableResult
    public func respond(options: GenerationOptions = GenerationOptions(), @PromptBuilder prompt: () throws -> Prompt) async throws -> Response<String> {
        try await respond(to: try prompt(), options: options)
    }

    /// Responds with content that follows a schema built at run time.
    ///
    /// - parameter includeSchemaInPrompt: Whether to show the model the schema as text as well
    ///   as enforcing it while decoding; showing it helps a model follow descriptions.
    @discardableResult
    public func respond(to prompt: String, schema: GenerationSchema, includeSchemaInPrompt: Bool = true,
                        options: GenerationOptions = GenerationOptions()) async throws -> Response<GeneratedContent> {
        try await respond(to: Prompt(prompt), schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Responds with content that follows a schema built at run time.
    @discardableResult
    public func respond(to prompt: Prompt, schema: GenerationSchema, includeSchemaInPrompt: Bool = true,
                        options: GenerationOptions = GenerationOptions()) async throws -> Response<GeneratedContent> {
        let result = try await generate(.init(prompt: prompt, schema: schema, includeSchemaInPrompt: includeSchemaInPrompt,
                                              options: options, responseFormat: .init(schema: schema)))
        return Response(content: result.content, result: result)
    }

    /// Responds to a prompt written with a builder, with content that follows a schema.
    @discardableResult
    public func respond(schema: GenerationSchema, includeSchemaInPrompt: Bool = true, options: GenerationOptions = GenerationOptions(),
                        @PromptBuilder prompt: () throws -> Prompt) async throws -> Response<GeneratedContent> {
        try await respond(to: try prompt(), schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Responds with a value of a generable type; decoding follows the type's schema.
    ///
    /// ```swift
    /// let card = try await session.respond(to: "A tofu dish", generating: RecipeCard.self).content
    /// ```
    @discardableResult
    public func respond<Content: Generable>(to prompt: String, generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
                                            options: GenerationOptions = GenerationOptions()) async throws -> Response<Content> {
        try await respond(to: Prompt(prompt), generating: type, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Responds with a value of a generable type; decoding follows the type's schema.
    @discardableResult
    public func respond<Content: Generable>(to prompt: Prompt, generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
                                            options: GenerationOptions = GenerationOptions()) async throws -> Response<Content> {
        let result = try await generate(.init(prompt: prompt, schema: Content.generationSchema, includeSchemaInPrompt: includeSchemaInPrompt,
                                              options: options, responseFormat: .init(type: type)))
        return Response(content: try Content(result.content), result: result)
    }

    /// Responds to a prompt written with a builder, with a value of a generable type.
    @discardableResult
    public func respond<Content: Generable>(generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
                                            options: GenerationOptions = GenerationOptions(),
                                            @PromptBuilder prompt: () throws -> Prompt) async throws -> Response<Content> {
        try await respond(to: try prompt(), generating: type, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }
}
