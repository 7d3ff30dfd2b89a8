/// Samples one assistant turn's tokens after its prompt has been evaluated: under a grammar when
/// there is one (allowed-token mask each step, forced bytes appended without sampling and
/// evaluated as one batch), until an end-of-generation token, the token budget, or the end of
/// the constrained value.
///
/// Shared by plain and guided responses and by the tool-calling turn decoder, so every path
/// decodes the same way.
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

    /// Samples into `output`, counting tokens in `generated`; `onText` receives the text so far
    /// after every step.
    ///
    /// - throws: `GenerationError.decodingFailure` when the grammar rejects a token its own mask
    ///   allowed; engine errors; `CancellationError`.
    func run(
        into output: inout UTF8Accumulator, generated: inout Int, constraint: (any TokenConstraint)?,
        budget: Int, onText: (String) -> Void
    ) throws {
        var mask = constraint.map { _ in [UInt64](repeating: 0, count: (backend.vocabularySize + 63) / 64) }
        decoding: while generated < budget {
            try Task.checkCancellation()
            if let constraint {
                // Bytes the grammar forces go in without sampling when they tokenize to tokens the
                // grammar accepts, evaluated as one batch rather than one step per token.
                let forced = insertsForcedBytes ? constraint.forcedBytes() : []
                if !forced.isEmpty {
                    let forcedTokens = backend.tokenize(String(decoding: forced, as: UTF8.self))
                    if !forcedTokens.isEmpty, generated + forcedTokens.count <= budget,
                       forcedTokens.allSatisfy({ constraint.accept($0) }) {
                        for token in forcedTokens { output.append(backend.tokenBytes(token)) }
                        try decoder.extend(forcedTokens)
                        generated += forcedTokens.count
                        onText(output.text)
                        if constraint.isComplete,
                           LanguageModelSession.onlyEndAllowed(constraint, backend: backend, scratch: &mask) {
                            break decoding
                        }
                        continue decoding
                    }
                }
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
            generated += 1
            onText(output.text)
            if let constraint, constraint.isComplete,
               LanguageModelSession.onlyEndAllowed(constraint, backend: backend, scratch: &mask) {
                break   // the value is finished and nothing but the end of the turn may follow
            }
            try decoder.append(token)
        }
    }
}
