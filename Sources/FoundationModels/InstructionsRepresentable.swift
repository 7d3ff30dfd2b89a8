/// A type that can be used as instructions: text that tells the model how to behave.
public protocol InstructionsRepresentable {
    /// This value as instructions.
    @InstructionsBuilder var instructionsRepresentation: Instructions { get }
}
