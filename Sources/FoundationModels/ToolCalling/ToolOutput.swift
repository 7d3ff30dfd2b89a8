/// What a tool returns to the model, in the form of the first FoundationModels betas.
///
/// Current SDKs let `call(arguments:)` return any `PromptRepresentable` (a `String`, a
/// `@Generable` value); code written against the betas returns `ToolOutput`, which this type
/// keeps compiling:
///
/// ```swift
/// func call(arguments: Arguments) async throws -> ToolOutput {
///     ToolOutput("\(arguments.city): 21°C, clear")
/// }
/// ```
public struct ToolOutput: Sendable, Equatable, PromptRepresentable {
    /// The text or the structured value the tool produced.
    enum Storage: Sendable, Equatable {
        case text(String)
        case content(GeneratedContent)
    }

    let storage: Storage

    /// Output as text.
    public init(_ string: String) { storage = .text(string) }

    /// Output as a structured value; the model reads it as JSON.
    public init(_ content: GeneratedContent) { storage = .content(content) }

    public var promptRepresentation: Prompt {
        switch storage {
        case .text(let text): Prompt(content: text)
        case .content(let content): Prompt(content: content.jsonString)
        }
    }
}
