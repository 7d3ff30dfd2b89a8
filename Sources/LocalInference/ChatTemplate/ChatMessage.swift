/// One turn of a conversation, before it is rendered into a model's prompt format.
///
/// ```swift
/// let messages = [ChatMessage(role: .system, content: "Be brief."),
///                 ChatMessage(role: .user, content: "Hi")]
/// ```
public struct ChatMessage: Sendable, Hashable {
    public var role: ChatRole
    public var content: String

    public init(role: ChatRole, content: String) {
        self.role = role
        self.content = content
    }
}
