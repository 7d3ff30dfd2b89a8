/// Which side of the model a guardrail is looking at.
///
/// Policies may judge the two sides differently: a prompt that *asks* for weapon-making steps
/// is harmful as input, while a model answer is judged on what it *says*.
public enum GuardrailDirection: Sendable, Hashable, CaseIterable {
    /// Text going into the model: instructions, prompts and tool output.
    case input
    /// Text the model produced.
    case output
}
