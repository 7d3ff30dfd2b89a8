/// Who wrote a chat message.
public enum ChatRole: String, Sendable, Hashable, CaseIterable {
    case system
    case user
    case assistant
    /// The output of a tool call, fed back to the model.
    case tool
}
