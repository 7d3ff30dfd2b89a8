/// Samples one assistant turn's tokens: under a grammar when there is one (allowed-token mask
/// each step, forced bytes appended without sampling and evaluated as one batch), until an
/// end-of-generation token, the token budget, or the end of the constrained value.
///
/// Shared by plain and guided responses and by the tool-calling turn decoder, so every path
/// decodes the same way.
///
/// Forward passes are what a turn costs, so the sampler runs as few as it can:
/// - bytes the grammar forces before the first sampled token (`{"title":"`) are evaluated in
///   the prompt's batch (``run(prompt:into:generated:constraint:budget:onText:)``);
/// - a sampled token followed by forced bytes (`chicken` then `","steps":["`) is evaluated in
///   one batch with them, not on its own first;
/// - tokens after which nothing is sampled (the value's closing bytes, the last token of the
///   budget) are not evaluated at all. So on return the cache may lack the turn's last
///   tokens; the next request's `evaluate` adds whatever its prompt needs.
struct TurnSampler {
    let backend: any LanguageModelBackend
    let decoder: any BackendDecoder
    let plan: SamplingPlan
    /// Whether bytes the grammar forces go in as their canonical tokens without sampling. Off,
    /// the model still writes exactly those bytes (the mask allows nothing else) but picks the
    /// tokens, so a token may span forced and free text (`"}` then `},` rather than `"`,
    /// `}}`, then `,`): one step per token instead of one batch, and the token sequences the
    /// model saw in its prompt.
    var insertsForcedBytes = true
    /// Told the number of tokens generated so far just before each `onText` call (for the
    /// usage of snapshots).
    var onGenerated: ((Int) -> Void)?
    /// Told each token the turn adds, sampled or forced, in order (a call turn that goes on
    /// after the value needs the exact tokens: see `CallTurnWriter`).
    var onToken: ((Int32) -> Void)?

    /// Evaluates `prompt` (reusing the cached prefix) together with the bytes `constraint`
    /// forces at the start, then samples as ``run(into:generated:constraint:budget:onText:)``;
    /// with no `onText` (nobody listens) the text so far is not assembled at every step.
    ///
    /// - throws: as ``run(into:generated:constraint:budget:onText:)``.
    func run(
        prompt: [Int32], into output: inout UTF8Accumulator, generated: inout Int,
        constraint: (any TokenConstraint)?, budget: Int, onText: ((String) -> Void)?
    ) throws {
        var scratch: [UInt64] = []
        let opening = insertsForcedBytes ? constraint.map { acceptForced($0, budget: budget - generated, scratch: &scratch) } ?? [] : []
        try decoder.evaluate(prompt, responseStart: opening)
        if !opening.isEmpty {
            for token in opening { output.append(backend.tokenBytes(token)); onToken?(token) }
            generated += opening.count
            onGenerated?(generated)
            onText?(output.text)
        }
        try sample(into: &output, generated: &generated, constraint: constraint, budget: budget,
                   reportsText: onText != nil, onText: onText ?? { _ in })
    }

    /// Samples into `output`, counting tokens in `generated`, after the prompt has been
    /// evaluated; `onText` receives the text so far after every step.
    ///
    /// - throws: `GenerationError.decodingFailure` when the grammar rejects a token its own mask
    ///   allowed; engine errors; `CancellationError`.
    func run(
        into output: inout UTF8Accumulator, generated: inout Int, constraint: (any TokenConstraint)?,
        budget: Int, onText: (String) -> Void
    ) throws {
        try sample(into: &output, generated: &generated, constraint: constraint, budget: budget, reportsText: true, onText: onText)
    }

    /// The decode loop; the text so far is assembled for `onText` only when `reportsText`.
    private func sample(
        into output: inout UTF8Accumulator, generated: inout Int, constraint: (any TokenConstraint)?,
        budget: Int, reportsText: Bool, onText: (String) -> Void
    ) throws {
        var mask = constraint.map { _ in [UInt64](repeating: 0, count: (backend.vocabularySize + 63) / 64) }
        // The last sampled token, accepted but not evaluated yet: forced tokens after it join
        // its batch.
        var pending: Int32?
        // Masks for the forced-token boundary check (`acceptForced`).
        var scratch: [UInt64] = []
        decoding: while generated < budget {
            try Task.checkCancellation()
            if let constraint {
                if isFinished(constraint, scratch: &mask) == true { break decoding }
                let forced = insertsForcedBytes ? acceptForced(constraint, budget: budget - generated, scratch: &scratch) : []
                if !forced.isEmpty {
                    for token in forced { output.append(backend.tokenBytes(token)); onToken?(token) }
                    generated += forced.count
                    onGenerated?(generated)
                    if reportsText { onText(output.text) }
                    // Closing bytes that end the value need no forward pass: nothing is sampled after them.
                    if isFinished(constraint, scratch: &mask) == true || generated >= budget { break decoding }
                    try decoder.extend(pending.map { [$0] + forced } ?? forced)
                    pending = nil
                    continue decoding
                }
            }
            if let token = pending {
                try decoder.append(token)
                pending = nil
            }
            if let constraint {
                var words = mask ?? []
                for index in words.indices { words[index] = 0 }
                constraint.fillAllowedTokens(into: &words)
                mask = words
            }
            let token = try decoder.sample(plan, allowed: mask)
            if backend.endOfGenerationTokens.contains(token) { break }
            if let constraint, !constraint.accept(token) {
                throw LanguageModelSession.GenerationError.decodingFailure(.init(
                    debugDescription: "The grammar rejected token \(token) that its own mask allowed."))
            }
            output.append(backend.tokenBytes(token))
            onToken?(token)
            generated += 1
            onGenerated?(generated)
            if reportsText { onText(output.text) }
            pending = token
        }
    }

    /// Whether the value is complete and nothing but the end of the turn may follow; nil when
    /// it is not complete (the common case, answered without computing a mask).
    private func isFinished(_ constraint: any TokenConstraint, scratch: inout [UInt64]?) -> Bool? {
        guard constraint.isComplete else { return nil }
        return GrammarEnd.onlyEndAllowed(constraint, backend: backend, scratch: &scratch)
    }

    /// Accepts the tokens the grammar forces now and returns them; none when the next token is
    /// sampled. The rule is the one `fm generate` uses (StructuredDecoding's
    /// `GrammarMatcher.acceptForcedTokens`): the tokenizer's split of the forced bytes, stopping
    /// before a token where the grammar also allows a token that runs past the forced bytes, so
    /// the model picks that token itself (`":` after `{"title`).
    private func acceptForced(_ constraint: any TokenConstraint, budget: Int, scratch: inout [UInt64]) -> [Int32] {
        constraint.acceptForcedTokens(budget: budget, scratch: &scratch) { backend.tokenizeText($0) }
    }
}
