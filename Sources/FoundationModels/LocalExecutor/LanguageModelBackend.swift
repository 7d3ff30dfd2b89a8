import JSONCore

/// The seam between the session and a model: what `LanguageModelSession` needs from an engine.
///
/// The local GGUF engine is the default backend; a remote OpenAI-compatible engine can plug in
/// behind the same protocol. A backend is shared by every session on the same model, so it is
/// `Sendable`; the per-conversation state (the KV cache) lives in a ``BackendDecoder``.
protocol LanguageModelBackend: Sendable {
    /// The most tokens one conversation may hold (prompt and response together).
    var contextSize: Int { get }
    /// Tokens that end a response (end of sequence, end of turn).
    var endOfGenerationTokens: Set<Int32> { get }
    /// The number of tokens in the vocabulary (the length of a mask in bits).
    var vocabularySize: Int { get }
    /// Tokenizes rendered chat text without adding a BOS token (the template writes it);
    /// special tokens written in the text are parsed as such.
    func tokenize(_ text: String) -> [Int32]
    /// Tokenizes plain text, such as bytes a grammar forces: special-token spellings in it stay
    /// text.
    func tokenizeText(_ text: String) -> [Int32]
    /// Tokenizes a whole rendered prompt: like ``tokenize(_:)`` plus the BOS token where the
    /// model asks for one.
    func tokenizePrompt(_ text: String) -> [Int32]
    /// The bytes a token stands for (empty for control tokens).
    func tokenBytes(_ token: Int32) -> [UInt8]
    /// A lower bound on the tokens `text` encodes to, found without tokenizing it, so that a
    /// prompt far beyond the context (10 MB of one emoji) fails at once instead of after a
    /// long tokenization. 0 when the backend cannot tell.
    func minimumTokenCount(_ text: String) -> Int
    /// Renders chat turns with the model's chat template.
    func render(_ turns: [ChatTurn], addGenerationPrompt: Bool) -> String
    /// A decoder with its own KV cache, for one session.
    func makeDecoder() throws -> any BackendDecoder
    /// A matcher that keeps the output inside a JSON Schema, for one generation.
    func makeConstraint(jsonSchema: JSONValue) throws -> any TokenConstraint
    /// The same, allowing one space or one line feed at each place JSON allows whitespace when
    /// `spaced` (JSON as Python's `json.dumps` writes it, and a line feed that ends the value),
    /// else compact.
    func makeConstraint(jsonSchema: JSONValue, spaced: Bool) throws -> any TokenConstraint
    /// How the model's family writes tool calls (``ToolCallSyntaxSelection``).
    var toolCallSyntax: any ToolCallSyntax { get }
}

extension LanguageModelBackend {
    /// Compact JSON only, for engines that have no other form.
    func makeConstraint(jsonSchema: JSONValue, spaced: Bool) throws -> any TokenConstraint {
        try makeConstraint(jsonSchema: jsonSchema)
    }
    /// SmolLM2's format, the one for families without their own.
    var toolCallSyntax: any ToolCallSyntax { ArrayToolCallSyntax() }
    func minimumTokenCount(_ text: String) -> Int { 0 }
    func tokenizePrompt(_ text: String) -> [Int32] { tokenize(text) }
    func tokenizeText(_ text: String) -> [Int32] { tokenize(text) }
}

extension BackendDecoder {
    func endGeneration() {}

    func extend(_ tokens: [Int32]) throws {
        for token in tokens { try append(token) }
    }

    func evaluate(_ prompt: [Int32], responseStart: [Int32]) throws {
        try evaluate(prompt)
        try extend(responseStart)
    }
}

/// One conversation's evaluation state. Used by one task at a time (the session's
/// `isResponding` flag guarantees it).
protocol BackendDecoder: AnyObject {
    /// Makes the cache hold exactly `tokens`, reusing the longest common prefix it already
    /// holds and evaluating only the rest.
    func evaluate(_ tokens: [Int32]) throws
    /// Evaluates one more token.
    func append(_ token: Int32) throws
    /// Evaluates several more tokens at once (batched prefill), as for bytes a grammar forces.
    func extend(_ tokens: [Int32]) throws
    /// ``evaluate(_:)`` of `prompt`, then ``extend(_:)`` with the first tokens of the response
    /// (bytes a grammar forces before anything is sampled); an engine that can runs both as
    /// one batch.
    func evaluate(_ prompt: [Int32], responseStart: [Int32]) throws
    /// Picks the next token from the last position's logits, only among `allowed` tokens when a
    /// mask is given (bit i of the words set = token i allowed).
    func sample(_ plan: SamplingPlan, allowed: [UInt64]?) throws -> Int32
    /// How many tokens of the cache are reused when evaluating `tokens`.
    func reusablePrefixLength(of tokens: [Int32]) -> Int
    /// Says that the request using the decoder ended (answered, failed or cancelled): an
    /// engine that batches the decode steps of several decoders stops waiting for this one.
    func endGeneration()
}

/// A grammar matcher for one generation (shape of StructuredDecoding's `GrammarMatcher`).
protocol TokenConstraint: AnyObject {
    func fillAllowedTokens(into words: inout [UInt64])
    func accept(_ token: Int32) -> Bool
    /// Accepts and returns the tokens that may be forced now (see StructuredDecoding's
    /// `GrammarMatcher.acceptForcedTokens`: the tokenizer's split of the forced bytes, up to a
    /// token where the grammar also allows a longer token); empty when the next token is sampled.
    func acceptForcedTokens(budget: Int, scratch: inout [UInt64], encode: (String) -> [Int32]) -> [Int32]
    var isComplete: Bool { get }
}

/// A chat turn to render.
struct ChatTurn: Sendable, Equatable {
    enum Role: String, Sendable { case system, user, assistant, tool }
    var role: Role
    var content: String
}

/// Sampling settings resolved from ``GenerationOptions``.
struct SamplingPlan: Sendable, Equatable {
    var temperature: Double
    var topK: Int?
    var topP: Double?
    var seed: UInt64?

    static let greedy = SamplingPlan(temperature: 0, topK: nil, topP: nil, seed: nil)

    init(temperature: Double, topK: Int?, topP: Double?, seed: UInt64?) {
        self.temperature = temperature
        self.topK = topK
        self.topP = topP
        self.seed = seed
    }

    /// Apple's default is random sampling; ours is nucleus 0.9 at temperature 1.
    init(_ options: GenerationOptions) {
        let temperature = options.temperature ?? 1
        switch options.sampling?.mode {
        case .greedy: self = .greedy
        case .top(let k, let seed): self.init(temperature: temperature, topK: k, topP: nil, seed: seed)
        case .nucleus(let p, let seed): self.init(temperature: temperature, topK: nil, topP: p, seed: seed)
        case nil: self.init(temperature: temperature, topK: nil, topP: 0.9, seed: nil)
        }
        if temperature == 0 { self = .greedy }
    }
}
