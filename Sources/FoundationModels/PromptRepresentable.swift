/// A type that can be used as (part of) a prompt.
public protocol PromptRepresentable {
    /// This value as a prompt.
    @PromptBuilder var promptRepresentation: Prompt { get }
}
