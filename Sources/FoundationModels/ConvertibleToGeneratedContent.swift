/// A type that can be converted to generated content: to JSON the model can read back, as a
/// tool's output or a prompt's structured segment.
public protocol ConvertibleToGeneratedContent: InstructionsRepresentable, PromptRepresentable {
    /// This value as generated content.
    var generatedContent: GeneratedContent { get }
}

extension ConvertibleToGeneratedContent {
    public var instructionsRepresentation: Instructions { return Instructions(content: generatedContent.jsonString) }
    public var promptRepresentation: Prompt { return Prompt(content: generatedContent.jsonString) }
}
