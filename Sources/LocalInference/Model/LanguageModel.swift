import Foundation

/// A GGUF language model loaded for inference: weights mapped once, shared by every
/// `InferenceContext` (conversation) created on it.
///
/// ```swift
/// let model = try LanguageModel(contentsOf: URL(fileURLWithPath: "SmolLM2-135M-Instruct.Q4_1.gguf"))
/// let context = try InferenceContext(model: model, contextLength: 2048)
/// try context.evaluate(model.tokenizer.encode("The capital of France is"))
/// var sampler = Sampler(.greedy)
/// let next = sampler.sample(from: context, allowed: nil)
/// ```
///
/// - Note: Loading maps the file and converts only the small norm vectors; weight pages are
///   read from the page cache on first use. The model owns a pool of worker threads (one per
///   core by default) that forward passes of all its contexts take turns on.
public final class LanguageModel: Sendable {
    /// The model file.
    public let url: URL
    /// The parsed file; its mapping backs every weight pointer.
    package let file: GGUFFile
    /// The model's tokenizer, from its GGUF metadata.
    public let tokenizer: Tokenizer
    /// The chat format detected from `tokenizer.chat_template`; nil when unrecognized.
    public let chatTemplate: ChatTemplate?
    package let hyperparameters: ModelHyperparameters
    package let weights: ModelWeights
    let pool: WorkerPool

    /// Loads a model.
    ///
    /// - parameter url: a GGUF file of a supported architecture (llama, qwen2, gemma3).
    /// - parameter threads: worker threads for the kernels; default: the cores available.
    /// - throws: `GGUFError` for a malformed file; `LanguageModelError` for an unsupported
    ///   architecture or tensor type, a missing tensor or bad metadata, naming file and tensor;
    ///   `TokenizerError` for unusable tokenizer metadata.
    public convenience init(contentsOf url: URL, threads: Int? = nil) throws {
        try self.init(file: GGUFFile(contentsOf: url), threads: threads)
    }

    /// Loads a model from a parsed GGUF file (tests build small ones in memory).
    package init(file: GGUFFile, threads: Int? = nil) throws {
        self.url = file.url
        self.file = file
        tokenizer = try Tokenizer(gguf: file)
        chatTemplate = try? ChatTemplate(gguf: file)
        let vocabulary = file.metadata.array("tokenizer.ggml.tokens")?.count
            ?? file.tensor(named: "token_embd.weight")?.dimensions.last
        hyperparameters = try ModelHyperparameters(metadata: file.metadata, vocabularyFallback: vocabulary, url: file.url)
        weights = try ModelWeights(file, hp: hyperparameters)
        let count = threads ?? WorkerPool.defaultThreadCount
        guard let pool = WorkerPool(threads: count) else {
            throw LanguageModelError(.threadCreationFailed(count), url: file.url)
        }
        self.pool = pool
    }

    /// The context length the model was trained with (`<arch>.context_length`).
    public var trainedContextLength: Int { hyperparameters.trainedContextLength }
    /// Rows of the output head: valid token ids are `0 ..< vocabularySize`.
    public var vocabularySize: Int { hyperparameters.vocabularySize }
    /// `general.architecture`.
    public var architecture: String { hyperparameters.architecture.rawValue }
    /// Worker threads the kernels run on.
    public var threadCount: Int { pool.threadCount }
}
