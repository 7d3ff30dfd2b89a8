/// Instructions that tell the model how to behave in every turn of a session: its role,
/// rules, examples. The model weighs instructions above prompts.
///
/// ```swift
/// let instructions = Instructions {
///     "You write headlines."
///     if formal { "Use a formal tone." }
/// }
/// ```
public struct Instructions: Sendable, Equatable, InstructionsRepresentable {
    /// The parts of the instructions: lines of text, each rendered on its own line, and attachments.
    var components: [PromptPart]

    init(content: String) { components = [.text(content)] }

    init(components: [PromptPart]) { self.components = components }

    /// Creates instructions from any value that can be represented as instructions.
    public init(_ representable: some InstructionsRepresentable) {
        self = representable.instructionsRepresentation
    }

    /// Creates instructions with a builder that joins its parts line by line.
    public init(@InstructionsBuilder _ content: () throws -> Instructions) rethrows {
        self = try content()
    }

    // `return` opts out of the builder the protocol requirement carries, which would recurse.
    public var instructionsRepresentation: Instructions { return self }

    /// The text the model reads (attachments left out).
    var text: String { components.text }

    /// The parts as transcript segments: consecutive lines as one text segment, each
    /// attachment as its own.
    package var segments: [Transcript.Segment] { components.segments }
}
