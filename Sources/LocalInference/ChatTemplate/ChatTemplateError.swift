/// Why no chat template could be chosen for a model.
public enum ChatTemplateError: Error, CustomStringConvertible, Sendable, Hashable {
    /// `tokenizer.chat_template` is none of the supported families (ChatML, Llama 3, Gemma);
    /// carries the first 200 characters of the template.
    case unrecognized(excerpt: String)
    /// The file has no `tokenizer.chat_template` and its architecture implies no format.
    case missing(architecture: String?)

    public var description: String {
        switch self {
        case .unrecognized(let excerpt):
            "tokenizer.chat_template is not a supported format (ChatML, Llama 3, Gemma): \(excerpt.debugDescription)"
        case .missing(let architecture):
            "the model has no tokenizer.chat_template and its architecture '\(architecture ?? "unknown")' implies none; pass a ChatTemplate (.chatML, .llama3, .gemma) explicitly"
        }
    }
}
