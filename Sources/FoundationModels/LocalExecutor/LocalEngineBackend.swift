import Foundation
import JSONCore
internal import LocalInference
internal import StructuredDecoding

/// The default backend: a GGUF model run in-process by `LocalInference`, with guided
/// generation by `StructuredDecoding`.
///
/// One instance per model file and context size (see ``BackendCache``): the weights are mapped
/// once and shared; each session gets its own ``InferenceContext`` (KV cache).
final class LocalEngineBackend: LanguageModelBackend {
    let model: LocalInference.LanguageModel
    let template: ChatTemplate
    let contextSize: Int
    let grammars: GrammarCompiler
    /// The most bytes of text one token stands for: the longest token, or the longest
    /// control-token spelling (`<|im_start|>` is one token when special tokens are parsed).
    let longestTokenByteCount: Int
    /// Which bytes some token can hold: a byte-level vocabulary without a token for a byte
    /// drops that byte (see `Tokenizer`), so it does not count towards ``minimumTokenCount(_:)``.
    let tokenizableBytes: ByteSet
    /// The family's tool-call format, chosen from the chat template and architecture.
    let toolCallSyntax: any ToolCallSyntax
    /// The model's decode scheduler: the decode steps of every session on this model that are
    /// ready at the same time run as one forward pass (`FM_DECODE_BATCH` bounds the batch).
    let batcher: DecodeBatcher

    /// Loads the model. The context size is capped at what the model was trained for.
    ///
    /// - throws: `LanguageModelError` (the file, the tensor and what is wrong with it).
    init(url: URL, contextSize: Int) throws {
        model = try LocalInference.LanguageModel(contentsOf: url)
        template = model.chatTemplate ?? .chatML
        toolCallSyntax = ToolCallSyntaxSelection.syntax(
            chatTemplate: model.file.metadata.string("tokenizer.chat_template"), architecture: model.architecture,
            defaultInstructions: template.defaultSystemPrompt)
        self.contextSize = max(1, min(contextSize, model.trainedContextLength))
        batcher = DecodeBatcher(model: model, maximumBatchSize: DecodeBatcher.configuredMaximumBatchSize)
        let tokenizer = model.tokenizer
        let count = tokenizer.vocabularySize
        let bytes = (0..<count).map { tokenizer.tokenBytes(Int32($0)) }
        let special = Set((0..<count).lazy.map { Int32($0) }.filter { tokenizer.isControl($0) })
        let spellings = special.map { tokenizer.tokenText($0)?.utf8.count ?? 0 }
        longestTokenByteCount = max(1, bytes.lazy.map(\.count).max() ?? 1, spellings.max() ?? 1)
        var tokenizable = [Bool](repeating: false, count: 256)
        for piece in bytes where piece.count == 1 { tokenizable[Int(piece[0])] = true }
        tokenizableBytes = ByteSet(tokenizable)
        grammars = GrammarCompiler(vocabulary: TokenVocabulary(
            tokenBytes: bytes, specialTokenIDs: special, endOfGenerationTokenIDs: tokenizer.endOfGenerationTokenIDs))
    }

    var vocabularySize: Int { model.vocabularySize }
    var endOfGenerationTokens: Set<Int32> { model.tokenizer.endOfGenerationTokenIDs }

    func tokenize(_ text: String) -> [Int32] {
        model.tokenizer.encode(text, addSpecialTokens: false, parseSpecial: true)
    }

    func tokenizeText(_ text: String) -> [Int32] {
        model.tokenizer.encode(text, addSpecialTokens: false, parseSpecial: false)
    }

    func tokenizePrompt(_ text: String) -> [Int32] {
        model.tokenizer.encode(text, addSpecialTokens: true, parseSpecial: true)
    }

    func tokenBytes(_ token: Int32) -> [UInt8] { model.tokenizer.tokenBytes(token) }

    /// Texts shorter than this are always tokenized, so a prompt over the context is refused
    /// with its exact count (Apple's error names it); the tokenizer takes milliseconds on them.
    /// Longer ones are the hostile case (10 MB of one emoji), where the bound saves seconds.
    static let exactCountByteLimit = 256 << 10

    /// Each token covers at most ``longestTokenByteCount`` bytes of the text, and bytes the
    /// vocabulary drops cover none. Costs one pass over the bytes, and only for texts long
    /// enough that the bound could reach the context (0, "no bound", below
    /// ``exactCountByteLimit``).
    func minimumTokenCount(_ text: String) -> Int {
        let length = text.utf8.count
        guard length >= Self.exactCountByteLimit, length / longestTokenByteCount >= contextSize else { return 0 }
        let kept = tokenizableBytes.count(in: text)
        return kept / longestTokenByteCount
    }

    func render(_ turns: [ChatTurn], addGenerationPrompt: Bool) -> String {
        template.render(turns.map { ChatMessage(role: ChatRole(rawValue: $0.role.rawValue) ?? .user, content: $0.content) },
                        addGenerationPrompt: addGenerationPrompt)
    }

    func makeDecoder() throws -> any BackendDecoder {
        LocalDecoder(context: try InferenceContext(model: model, contextLength: contextSize), batcher: batcher)
    }

    /// One space or one line feed at each place JSON allows whitespace: JSON as `json.dumps`
    /// writes it, and a value that ends its line, where a tokenizer merges the line feed with the
    /// value's last bytes (Qwen's `"}}\n` is one token).
    static let spacedWhitespace = JSONWhitespace(allowsSpace: true, maxNewlines: 1, maxIndent: 0)

    func makeConstraint(jsonSchema: JSONValue) throws -> any TokenConstraint {
        try makeConstraint(jsonSchema: jsonSchema, spaced: false)
    }

    func makeConstraint(jsonSchema: JSONValue, spaced: Bool) throws -> any TokenConstraint {
        do {
            let options = JSONGrammarOptions(whitespace: spaced ? Self.spacedWhitespace : .compact)
            return GrammarMatcher(grammar: try grammars.compile(jsonSchema: jsonSchema, options: options))
        } catch {
            throw LanguageModelSession.GenerationError.unsupportedGuide(.init(
                debugDescription: "The schema cannot be enforced while decoding: \(error)"))
        }
    }
}

extension GrammarMatcher: TokenConstraint {}

/// One session's KV cache and sampler on the local engine.
///
/// Single-token decode steps go through the model's ``DecodeBatcher``, so sessions decoding at
/// the same time share forward passes (each step's result is bit-identical to running it
/// alone); prompt evaluation and multi-token extensions run on the context directly, after
/// leaving the batch so the other sequences do not wait for them.
final class LocalDecoder: BackendDecoder {
    let context: InferenceContext
    let batcher: DecodeBatcher?
    /// The sampler of the current generation; its random state carries from token to token
    /// so a seed reproduces a whole response. Reset by each `evaluate`.
    private var sampler: Sampler?
    private var mask: TokenBitmask
    /// Whether the last sample read the full-vocabulary logits (no mask, or a dense one), so
    /// the next batched step computes them in its pass.
    private var readsFullLogits = true

    init(context: InferenceContext, batcher: DecodeBatcher? = nil) {
        self.context = context
        self.batcher = batcher
        mask = TokenBitmask(vocabularySize: context.model.vocabularySize, allowing: true)
    }

    func endGeneration() {
        batcher?.leave(context)
    }

    func reusablePrefixLength(of tokens: [Int32]) -> Int {
        zip(context.tokens, tokens).prefix { $0 == $1 }.count
    }

    func evaluate(_ tokens: [Int32]) throws {
        sampler = nil
        readsFullLogits = true
        batcher?.leave(context)
        try mapErrors { try context.evaluate(tokens) }
    }

    func append(_ token: Int32) throws {
        try mapErrors {
            if let batcher {
                try batcher.append(token, to: context, computingLogits: readsFullLogits)
            } else {
                try context.append(token)
            }
        }
    }

    /// The prompt and the response's forced start as one batched evaluation.
    func evaluate(_ prompt: [Int32], responseStart: [Int32]) throws {
        try evaluate(prompt + responseStart)
    }

    /// One batched evaluation of the cache plus `tokens`: the cached prefix is reused, so only
    /// the new tokens run, as a batch. The sampler (and its random state) carries on.
    func extend(_ tokens: [Int32]) throws {
        guard !tokens.isEmpty else { return }
        batcher?.leave(context)
        try mapErrors { try context.evaluate(context.tokens + tokens) }
    }

    func sample(_ plan: SamplingPlan, allowed: [UInt64]?) throws -> Int32 {
        if sampler == nil {
            sampler = Sampler(SamplingParameters(temperature: Float(plan.temperature), topK: plan.topK,
                                                 topP: plan.topP.map(Float.init), seed: plan.seed))
        }
        var bitmask: TokenBitmask?
        if let allowed {
            for index in mask.words.indices { mask.words[index] = index < allowed.count ? allowed[index] : 0 }
            bitmask = mask
            // As the sampler decides: a dense mask reads every logit, a sparse one a few rows.
            readsFullLogits = mask.count * Sampler.sparseMaskFraction > context.model.vocabularySize
        } else {
            readsFullLogits = true
        }
        guard let token = sampler?.sample(from: context, allowed: bitmask), token >= 0 else {
            throw LanguageModelSession.GenerationError.decodingFailure(.init(
                debugDescription: "No token could be sampled: the grammar allows none, or the logits are not finite."))
        }
        return token
    }

    private func mapErrors(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch InferenceError.cancelled {
            throw CancellationError()
        } catch InferenceError.contextOverflow(let needed, let limit) {
            throw LanguageModelSession.GenerationError.exceededContextWindowSize(.init(
                debugDescription: "Content contains \(needed) tokens, which exceeds the maximum allowed context size of \(limit)."))
        }
    }
}
