/// Chooses a model's tool-call format from its GGUF: what its chat template writes for a call,
/// else its architecture.
///
/// | the model | format |
/// |---|---|
/// | a template that writes one `<tool_call>` JSON object per call (Qwen2.5's, Hermes-style) | ``QwenToolCallSyntax`` |
/// | no such template, architecture `qwen2`, `qwen2moe`, `qwen3`, `qwen3moe` | ``QwenToolCallSyntax`` |
/// | anything else (SmolLM2, whose template has no tools; Gemma; Llama 3) | ``ArrayToolCallSyntax`` |
///
/// ```swift
/// let syntax = ToolCallSyntaxSelection.syntax(chatTemplate: template, architecture: "qwen2", defaultInstructions: nil)
/// syntax is QwenToolCallSyntax   // true
/// ```
enum ToolCallSyntaxSelection {
    /// The architectures whose instruct models were trained on Qwen's format.
    static let qwenArchitectures: Set<String> = ["qwen2", "qwen2moe", "qwen3", "qwen3moe"]

    /// - parameter chatTemplate: GGUF `tokenizer.chat_template` (Jinja text), if any.
    /// - parameter architecture: GGUF `general.architecture`.
    /// - parameter defaultInstructions: The system text the template writes when a
    ///   conversation has none (Qwen's format opens a system turn with tools with it).
    static func syntax(chatTemplate: String?, architecture: String, defaultInstructions: String?) -> any ToolCallSyntax {
        if let chatTemplate, writesOneObjectPerCall(chatTemplate) {
            return QwenToolCallSyntax(defaultInstructions: defaultInstructions)
        }
        if qwenArchitectures.contains(architecture.lowercased()) {
            return QwenToolCallSyntax(defaultInstructions: defaultInstructions)
        }
        return ArrayToolCallSyntax()
    }

    /// Whether a template shows the model one JSON object per `<tool_call>` block: Qwen2.5's
    /// writes `<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>`
    /// in its system turn (JSON-escaped in the file, so the quotes may appear as `\"`).
    static func writesOneObjectPerCall(_ template: String) -> Bool {
        template.contains("<tool_call>") && template.contains("<tool_response>")
            && template.contains("<args-json-object>")
    }
}
