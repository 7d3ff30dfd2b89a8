import JSONCore

/// Writes a call turn once the model has chosen its open tag, in the steps a format is made
/// of: text the format fixes (``write(_:)``), JSON values under a schema (``value(under:spaced:)``),
/// and the model's choice between ending the turn and going on (``continues(with:)``).
///
/// Every step counts its tokens against the turn's budget, and keeps the decoder's cache in
/// step with the turn. Invariant: ``tokens`` is the prompt and the turn so far, and the cache
/// holds a prefix of it (the sampler leaves a value's last tokens unevaluated, since nothing is
/// sampled after them within the value); the missing tail is evaluated in one batch before the
/// next token is appended or sampled.
struct CallTurnWriter {
    let backend: any LanguageModelBackend
    let decoder: any BackendDecoder
    let plan: SamplingPlan
    /// The most tokens the turn may take.
    let budget: Int
    /// The turn's token count, updated after every step (for usage).
    let counter: GeneratedTokenCount
    /// The prompt and every token of the turn so far.
    private(set) var tokens: [Int32]
    private let promptCount: Int
    /// Tokens already sampled that begin the next value (an untagged call's first token), not
    /// yet evaluated.
    private var valueStart: [Int32] = []

    /// - parameter prompt: The tokens the decoder's cache holds before the turn.
    init(backend: any LanguageModelBackend, decoder: any BackendDecoder, plan: SamplingPlan, prompt: [Int32],
         budget: Int, counter: GeneratedTokenCount) {
        self.backend = backend
        self.decoder = decoder
        self.plan = plan
        self.budget = budget
        self.counter = counter
        tokens = prompt
        promptCount = prompt.count
    }

    /// The tokens the turn has taken so far.
    var generated: Int { tokens.count - promptCount }

    /// Whether the next value has begun (``startValue(with:)``).
    var startsInsideValue: Bool { !valueStart.isEmpty }

    /// Makes `token`, sampled already, the first token of the next ``value(under:spaced:)``.
    mutating func startValue(with token: Int32) {
        valueStart.append(token)
    }

    /// Appends `text` as the tokenizer writes it (special-token spellings parsed as the
    /// tokens), without sampling: text the format fixes.
    ///
    /// - throws: `GenerationError.decodingFailure` when it does not fit in the budget.
    mutating func write(_ text: String) throws {
        let added = backend.tokenize(text)
        guard generated + added.count <= budget else {
            throw ToolTurnDecoder.failure("The tool call turn ran out of its \(budget) tokens while writing \(text.debugDescription).")
        }
        try synchronize()
        for token in added { try decoder.append(token) }
        tokens += added
        counter.count = generated
    }

    /// A JSON value under `schema`, each of its tokens picked by the model (the bytes the
    /// grammar forces included: see ``ArrayToolCallSyntax/decodeCalls(under:with:)`` for why).
    ///
    /// - parameter spaced: Whether the grammar allows one space or one line feed at each place
    ///   JSON allows whitespace (see ``LanguageModelBackend/makeConstraint(jsonSchema:spaced:)``),
    ///   else compact JSON.
    /// - returns: The value's text.
    /// - throws: `GenerationError.decodingFailure` when the budget ends before the value does.
    mutating func value(under schema: JSONValue, spaced: Bool = false) throws -> String {
        let constraint = try backend.makeConstraint(jsonSchema: schema, spaced: spaced)
        var output = UTF8Accumulator()
        for token in valueStart {
            guard constraint.accept(token) else {
                throw ToolTurnDecoder.failure("The tool call's grammar rejected its first token \(token).")
            }
            output.append(backend.tokenBytes(token))
        }
        tokens += valueStart
        valueStart.removeAll()
        counter.count = generated
        try synchronize()
        var count = 0
        var sampler = TurnSampler(backend: backend, decoder: decoder, plan: plan)
        sampler.insertsForcedBytes = false
        let added = TokenLog()
        sampler.onToken = { added.tokens.append($0) }
        let before = generated
        sampler.onGenerated = { [counter] in counter.count = before + $0 }
        try sampler.run(into: &output, generated: &count, constraint: constraint, budget: budget - before, onText: { _ in })
        tokens += added.tokens
        counter.count = generated
        guard constraint.isComplete else {
            throw ToolTurnDecoder.failure("The tool call turn ran out of its \(budget) tokens inside a JSON value, which so far reads: \(output.text)")
        }
        return output.text
    }

    /// Whether the model goes on with `text` rather than ending the turn: one step where only
    /// the end-of-turn tokens and the first token of `text` are allowed; if the model picks
    /// the latter, the rest of `text` follows without sampling. False, and nothing sampled,
    /// when `text` would not fit in the budget.
    mutating func continues(with text: String) throws -> Bool {
        let continuation = backend.tokenize(text)
        let vocabularySize = backend.vocabularySize
        guard let first = continuation.first, first >= 0, Int(first) < vocabularySize,
              generated + continuation.count <= budget else { return false }
        try synchronize()
        var mask = [UInt64](repeating: 0, count: (vocabularySize + 63) / 64)
        for token in backend.endOfGenerationTokens.union([first]) where token >= 0 && Int(token) < vocabularySize {
            mask[Int(token) / 64] |= 1 << UInt64(token % 64)
        }
        try Task.checkCancellation()
        guard try decoder.sample(plan, allowed: mask) == first else { return false }
        for token in continuation { try decoder.append(token) }
        tokens += continuation
        counter.count = generated
        return true
    }

    /// Evaluates, in one batch, the turn's tokens the cache lacks.
    private func synchronize() throws {
        let cached = decoder.reusablePrefixLength(of: tokens)
        if cached < tokens.count { try decoder.extend(Array(tokens[cached...])) }
    }

    /// The tokens a sampler adds, collected by its callback.
    private final class TokenLog {
        var tokens: [Int32] = []
    }
}
