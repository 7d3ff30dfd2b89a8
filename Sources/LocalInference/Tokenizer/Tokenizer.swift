/// Converts text to token ids and back with the vocabulary stored in a GGUF file.
///
/// ```swift
/// let tokenizer = try Tokenizer(gguf: GGUFFile(contentsOf: modelURL))
/// let ids = tokenizer.encode("Hello, world!")           // [19556, 28, 905, 17]
/// tokenizer.decode(ids)                                 // "Hello, world!"
/// tokenizer.encode("<|im_end|>", parseSpecial: true)    // [2]
/// ```
///
/// Two vocabulary kinds are supported, chosen by `tokenizer.ggml.model`:
/// - `gpt2`: byte-level BPE with merge ranks, after a pre-tokenizer chosen by
///   `tokenizer.ggml.pre` (SmolLM2, Qwen2, Llama 3, GPT-2 …). See ``PreTokenizer``.
/// - `llama`: SentencePiece-style BPE by token scores with `<0xXX>` byte fallback, spaces
///   written as "▁" and an optional leading space (`tokenizer.ggml.add_space_prefix`), as
///   Gemma and Llama 2 use.
///
/// Results match llama.cpp token for token (checked against fixtures made with it), quirks
/// included: a byte-level vocabulary without a token for some byte (SmolLM2 lacks 21 of the
/// 256, e.g. the lead bytes 0xF1 and 0xF2 of U+40000...U+BFFFF) drops that byte; `decode` does
/// not apply llama.cpp's optional `clean_spaces` clean-up, so it returns the text exactly.
/// Control tokens written in text (`<|im_start|>`) are recognised only when `parseSpecial`
/// is true; user-defined tokens (Gemma's `"\n\n"`) are recognised always, as in llama.cpp.
/// - Note: Building the tokenizer indexes the whole vocabulary once (tens of milliseconds for
///   262k tokens in release); share one instance. Encoding is thread-safe and runs at several
///   MB/s per core.
public final class Tokenizer: Sendable {
    enum Model: Sendable {
        case byteLevelBPE(ByteLevelBPE)
        case sentencePiece(SentencePieceBPE)
    }

    let model: Model
    /// Token texts as stored in the file, indexed for lookup by exact bytes.
    let vocabulary: ByteKeyedTable
    let types: [TokenType]
    /// The bytes each token stands for (empty for control, unknown and unused tokens).
    let pieces: ByteKeyedTable.Storage
    let specialTokens: SpecialTokenMatcher
    let addBOS: Bool
    let addEOS: Bool
    let addSpacePrefix: Bool

    /// The beginning-of-sequence token, if the vocabulary has one.
    public let bosTokenID: Int32?
    /// The end-of-sequence token, if the vocabulary has one.
    public let eosTokenID: Int32?
    /// Tokens that end a generation: EOS, end-of-turn tokens (`<|im_end|>`, `<end_of_turn>`,
    /// `<|eot_id|>` …) and `<|endoftext|>`, as llama.cpp's end-of-generation set.
    public let endOfGenerationTokenIDs: Set<Int32>

    init(model: Model, vocabulary: ByteKeyedTable, types: [TokenType], pieces: ByteKeyedTable.Storage,
         specialTokens: SpecialTokenMatcher, addBOS: Bool, addEOS: Bool, addSpacePrefix: Bool,
         bos: Int32?, eos: Int32?, endOfGeneration: Set<Int32>) {
        self.model = model
        self.vocabulary = vocabulary
        self.types = types
        self.pieces = pieces
        self.specialTokens = specialTokens
        self.addBOS = addBOS
        self.addEOS = addEOS
        self.addSpacePrefix = addSpacePrefix
        self.bosTokenID = bos
        self.eosTokenID = eos
        self.endOfGenerationTokenIDs = endOfGeneration
    }

    /// Number of entries in the vocabulary.
    public var vocabularySize: Int { types.count }

    /// The raw bytes token `id` stands for: byte-level mapping undone, "▁" turned back into a
    /// space, `<0xXX>` into its byte. Empty for control, unknown and unused tokens and for ids
    /// outside the vocabulary.
    public func tokenBytes(_ id: Int32) -> [UInt8] {
        guard id >= 0, Int(id) < types.count else { return [] }
        return Array(pieces.slice(Int(id)))
    }

    /// Whether `id` is a control token (`tokenizer.ggml.token_type` 3), such as `<|im_end|>`.
    public func isControl(_ id: Int32) -> Bool {
        guard id >= 0, Int(id) < types.count else { return false }
        return types[Int(id)] == .control
    }

    /// The token's text as stored in the vocabulary (`Ġhello`, `▁hello`, `<|im_end|>`).
    public func tokenText(_ id: Int32) -> String? {
        guard id >= 0, Int(id) < types.count else { return nil }
        return String(decoding: vocabulary.key(Int(id)), as: UTF8.self)
    }

    /// The id of the vocabulary entry spelled exactly `text`, if any.
    public func tokenID(forText text: String) -> Int32? {
        vocabulary.id(for: Array(text.utf8))
    }
}
