/// The role of a vocabulary entry (`tokenizer.ggml.token_type`, llama.cpp's `llama_token_type`).
enum TokenType: UInt8, Sendable {
    case undefined = 0
    case normal = 1
    case unknown = 2
    /// Control tokens (`<|im_end|>`, `<bos>`): matched in text only when parsing special tokens.
    case control = 3
    /// User-defined tokens (Gemma's `"\n\n"`, `"  "`): always matched in text, as llama.cpp does.
    case userDefined = 4
    case unused = 5
    /// Byte-fallback tokens `<0xXX>`.
    case byte = 6
}
