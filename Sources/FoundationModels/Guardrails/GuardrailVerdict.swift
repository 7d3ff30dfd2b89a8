/// What a `GuardrailPolicy` decided about a piece of text.
///
/// ```swift
/// switch DefaultGuardrailPolicy().evaluate(prompt, direction: .input) {
/// case .allow:
///     break
/// case .block(let category, let explanation):
///     logger.notice("blocked (\(category)): \(explanation)")
/// }
/// ```
public enum GuardrailVerdict: Sendable, Hashable {
    /// The text may pass.
    case allow
    /// The text must not pass.
    ///
    /// - parameter category: The kind of harm.
    /// - parameter explanation: One sentence for logs and for the error's debug description;
    ///   it describes the rule, and never repeats harmful text.
    case block(category: GuardrailCategory, explanation: String)

    /// Whether this verdict blocks.
    public var isBlocked: Bool {
        if case .block = self { return true }
        return false
    }
}
