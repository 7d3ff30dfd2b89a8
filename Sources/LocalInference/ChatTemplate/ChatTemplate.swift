/// Renders a conversation into the prompt text a chat model was trained on.
///
/// ```swift
/// let template = try ChatTemplate(gguf: file)          // SmolLM2: ChatML + its default system prompt
/// let prompt = template.render([ChatMessage(role: .user, content: "Hi")], addGenerationPrompt: true)
/// // "<|im_start|>system\nYou are a helpful AI assistant named SmolLM, trained by Hugging Face<|im_end|>\n"
/// // + "<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n"
/// let ids = tokenizer.encode(prompt, parseSpecial: true)
/// ```
///
/// Instead of running the Jinja template stored in the file, the template is recognised as one
/// of a few families and rendered by code that produces the same text as llama.cpp (and the
/// Jinja template) for plain-text messages:
///
/// - **ChatML** (SmolLM2, Qwen): `<|im_start|>ROLE\nCONTENT<|im_end|>\n` per message, content
///   verbatim. If the template inserts a default system message when the conversation does not
///   start with one (SmolLM2 does), so does ``render(_:addGenerationPrompt:)``. Tool results
///   use the role `tool`.
/// - **Llama 3**: `<|start_header_id|>ROLE<|end_header_id|>\n\nCONTENT<|eot_id|>`, content
///   trimmed; BOS is left to the tokenizer (`add_bos_token`), as in llama.cpp. Tool results use
///   the role `ipython`, as Llama 3.1 does.
/// - **Gemma**: `<start_of_turn>ROLE\nCONTENT<end_of_turn>\n`, content trimmed, `assistant`
///   written as `model`. Gemma has no system role: system text is put in front of the next
///   user turn followed by a blank line. Tool results are rendered as user turns.
///
/// The generation prompt opens an assistant turn.
public struct ChatTemplate: Sendable, Hashable {
    /// A prompt-format family. More may be added.
    public struct Family: Sendable, Hashable, CustomStringConvertible {
        enum Kind: Sendable, Hashable { case chatML, llama3, gemma }
        let kind: Kind

        public static let chatML = Family(kind: .chatML)
        public static let llama3 = Family(kind: .llama3)
        public static let gemma = Family(kind: .gemma)

        public var description: String {
            switch kind {
            case .chatML: "chatml"
            case .llama3: "llama3"
            case .gemma: "gemma"
            }
        }
    }

    public var family: Family
    /// System text used when a conversation does not start with a system message.
    public var defaultSystemPrompt: String?

    public init(family: Family, defaultSystemPrompt: String? = nil) {
        self.family = family
        self.defaultSystemPrompt = defaultSystemPrompt
    }

    public static let chatML = ChatTemplate(family: .chatML)
    public static let llama3 = ChatTemplate(family: .llama3)
    public static let gemma = ChatTemplate(family: .gemma)

    /// The text that closes a turn (`<|im_end|>`, `<|eot_id|>`, `<end_of_turn>`).
    public var endOfTurn: String {
        switch family.kind {
        case .chatML: "<|im_end|>"
        case .llama3: "<|eot_id|>"
        case .gemma: "<end_of_turn>"
        }
    }
}
