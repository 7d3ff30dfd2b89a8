/// A prompt: the request the model answers in one turn.
///
/// ```swift
/// let response = try await session.respond {
///     "Write a headline about"
///     topic
/// }
/// ```
public struct Prompt: Sendable, Equatable, PromptRepresentable {
    /// The parts of the prompt: lines of text, each rendered on its own line, and attachments.
    var components: [PromptPart]

    init(content: String) { components = [.text(content)] }

    init(components: [PromptPart]) { self.components = components }

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

    /// The text the model reads (attachments left out).
    var text: String { components.text }

    /// The parts as transcript segments: consecutive lines as one text segment, each
    /// attachment as its own.
    package var segments: [Transcript.Segment] { components.segments }
}
