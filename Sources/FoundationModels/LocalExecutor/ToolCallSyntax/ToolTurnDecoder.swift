import JSONCore

/// Decodes one assistant turn of a session that has tools: the model's first token chooses
/// between a final answer and a call turn, and each is then held to its grammar.
///
/// The turn's grammar, in words:
///
/// ```text
/// turn   := calls | answer
/// calls  := "<tool_call>" …                             (the rest: the format's, see ToolCallSyntax)
/// answer := free text, or JSON of the response schema, not starting like "<tool_call>"
/// ```
///
/// It is decoded lazily, as llama.cpp's "lazy grammars" are: at the first step the mask allows
/// the answer's first tokens (all tokens for text; the schema's for guided generation) plus the
/// first token of the tag as the model's tokenizer writes it, and forbids the other tokens that
/// spell a prefix of the tag, so an answer cannot begin with a differently tokenized tag. If
/// the model picks the tag's token, the rest of the tag is forced and the format decodes the
/// calls under ``ToolCallGrammar``. Otherwise the token begins the
/// answer, decoded exactly as a session without tools decodes it. The model chooses; nothing
/// forces a call.
struct ToolTurnDecoder {
    /// What the turn turned out to be.
    enum Outcome: Equatable {
        /// A final answer: text, or the JSON of the response schema.
        case answer(String)
        /// A call turn: its text, tags included, as the format's parser reads it.
        case calls(String)
    }

    let backend: any LanguageModelBackend
    let decoder: any BackendDecoder
    let plan: SamplingPlan
    /// The model family's tool-call format.
    let syntax: any ToolCallSyntax
    /// The calls grammar, or `nil` when calls are not allowed.
    let callsGrammar: ToolCallGrammar?
    /// The tokens the decoder's cache holds when the turn starts (the evaluated prompt).
    let prompt: [Int32]
    /// The response schema for guided generation, `nil` for text.
    let answerSchema: JSONValue?
    /// Whether the turn must be a call turn (`GenerationOptions.ToolCallingMode.required`):
    /// the first step then allows only the tag's first token.
    var requiresCall = false
    /// The most tokens the turn may take.
    let budget: Int
    /// The tokens the turn has generated so far (sampled, forced and the tag's), for usage.
    let tokens = GeneratedTokenCount()

    /// Decodes the turn; `onAnswerText` receives the answer's text so far after every token.
    ///
    /// - throws: `GenerationError.decodingFailure` when the budget ends inside a call or a
    ///   guided value; engine errors; `CancellationError`.
    func decode(onAnswerText: (String) -> Void) throws -> Outcome {
        let answerConstraint = try answerSchema.map { try backend.makeConstraint(jsonSchema: $0) }
        var output = UTF8Accumulator()
        var generated = 0

        if let callsGrammar {
            let tag = backend.tokenize(syntax.openTag)
            // A tag that does not tokenize into the vocabulary (never for a real model) leaves
            // the turn to the answer grammar alone.
            if let first = tag.first, first >= 0, Int(first) < backend.vocabularySize {
                var mask = firstStepMask(answerConstraint: answerConstraint, tagToken: first)
                try Task.checkCancellation()
                let token = try decoder.sample(plan, allowed: mask)
                mask.removeAll()
                if token == first {
                    var writer = CallTurnWriter(backend: backend, decoder: decoder, plan: plan, prompt: prompt,
                                                budget: budget, counter: tokens)
                    try writer.write(syntax.openTag)
                    return .calls(try syntax.decodeCalls(under: callsGrammar, with: &writer))
                }
                if answerSchema == nil, startsUntaggedCall(token) {
                    var writer = CallTurnWriter(backend: backend, decoder: decoder, plan: plan, prompt: prompt,
                                                budget: budget, counter: tokens)
                    writer.startValue(with: token)
                    return .calls(try syntax.decodeCalls(under: callsGrammar, with: &writer))
                }
                if backend.endOfGenerationTokens.contains(token) {
                    return try finish(output, constraint: answerConstraint, generated: generated)
                }
                if let answerConstraint, !answerConstraint.accept(token) {
                    throw Self.failure("The grammar rejected token \(token) that its own mask allowed.")
                }
                output.append(backend.tokenBytes(token))
                generated += 1
                tokens.count = generated
                onAnswerText(output.text)
                if let answerConstraint, answerConstraint.isComplete {
                    var scratch: [UInt64]? = nil
                    if GrammarEnd.onlyEndAllowed(answerConstraint, backend: backend, scratch: &scratch) {
                        return try finish(output, constraint: answerConstraint, generated: generated)
                    }
                }
                try decoder.append(token)
            }
        }
        try decodeRest(into: &output, generated: &generated, constraint: answerConstraint, budget: budget, onText: onAnswerText)
        return try finish(output, constraint: answerConstraint, generated: generated)
    }

    /// Samples until the end of the turn, the budget, or the end of the constrained value.
    private func decodeRest(
        into output: inout UTF8Accumulator, generated: inout Int, constraint: (any TokenConstraint)?,
        budget: Int, onText: (String) -> Void
    ) throws {
        var sampler = TurnSampler(backend: backend, decoder: decoder, plan: plan)
        sampler.onGenerated = { [tokens] in tokens.count = $0 }
        try sampler.run(into: &output, generated: &generated, constraint: constraint, budget: budget, onText: onText)
    }

    private func finish(_ output: UTF8Accumulator, constraint: (any TokenConstraint)?, generated: Int) throws -> Outcome {
        tokens.count = generated
        if let constraint, !constraint.isComplete {
            throw Self.failure("The response stopped after \(generated) tokens before the structured value was complete: \(output.text)")
        }
        return .answer(output.text)
    }

    /// Whether a text answer's first token begins a call without the tag: its bytes spell a
    /// prefix of the syntax's ``ToolCallSyntax/untaggedCallOpening`` (`{` or `{"` of `{"name"`).
    /// Not for guided answers, whose JSON may begin so too.
    private func startsUntaggedCall(_ token: Int32) -> Bool {
        guard let opening = syntax.untaggedCallOpening else { return false }
        let bytes = backend.tokenBytes(token)
        return !bytes.isEmpty && Array(opening.utf8).starts(with: bytes)
    }

    /// The first step's mask: the answer's first tokens and the tag's first token, without the
    /// other tokens that spell a prefix of the tag.
    private func firstStepMask(answerConstraint: (any TokenConstraint)?, tagToken: Int32) -> [UInt64] {
        let vocabularySize = backend.vocabularySize
        var mask = [UInt64](repeating: 0, count: (vocabularySize + 63) / 64)
        if let answerConstraint {
            answerConstraint.fillAllowedTokens(into: &mask)
        } else {
            for index in mask.indices { mask[index] = ~0 }
            let extra = mask.count * 64 - vocabularySize
            if extra > 0, let last = mask.indices.last { mask[last] >>= UInt64(extra) }
        }
        let tagBytes = Array(syntax.openTag.utf8)
        for token in 0..<Int32(vocabularySize) where token != tagToken {
            let bytes = backend.tokenBytes(token)
            if !bytes.isEmpty, bytes.count <= tagBytes.count, tagBytes.starts(with: bytes) {
                mask[Int(token) / 64] &= ~(1 << UInt64(token % 64))
            }
        }
        if requiresCall { for index in mask.indices { mask[index] = 0 } }
        mask[Int(tagToken) / 64] |= 1 << UInt64(tagToken % 64)
        return mask
    }

    static func failure(_ description: String) -> LanguageModelSession.GenerationError {
        .decodingFailure(.init(debugDescription: description))
    }
}
