/// A prompt: the request the model answers in one turn.
///
/// ```swift
/// let response = try await session.respond {
///     "Write a headline about"
///     topic
/// }
/// ```
public struct Prompt: Sendable, Equatable, PromptRepresentable {
    /// The parts of the prompt, each rendered on its own line.
    var components: [String]

    init(content: String) { components = [content] }

    init(components: [String]) { self.components = components }

    /// Creates a prompt from any value that can be represented as a prompt.
    public init(_ representable: some PromptRepresentable) {
        self = representable.promptRepresentation
    }

    /// Creates a prompt with a builder that joins its parts line by line.
    public init(@PromptBuilder _ content: () throws -> Prompt) rethrows {
        self = try content()
    }

    // `return` opts out of the builder the protocol requirement carries, which would recurse.
    public var promptRepresentation: Prompt { return self }

    /// The text the model reads.
    var text: String { components.joined(separator: "\n") }
}
