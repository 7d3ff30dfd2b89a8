import JSONCore

/// What `fm generate --json` prints: the value and the numbers a benchmark script needs to put
/// our constrained decoding side by side with a peer's (the system prompt is included so the
/// peer can be given exactly the same text).
struct GenerationReport {
    var output: String
    /// The output's token ids, sampled and forced, in order (so a benchmark can compare the
    /// path with a peer's token by token, not only the text).
    var outputTokens: [Int32]
    var system: String
    var promptTokens: Int
    var tokens: Int
    var sampled: Int
    var forced: Int
    /// Forced tokens evaluated with the prompt, in the prefill batch.
    var openingForced: Int
    /// Sampled tokens whose mask was sparse enough for only the allowed rows of the output
    /// head to be computed.
    var sparseSamples: Int
    var complete: Bool
    /// The grammar layer's view of the vocabulary, built once per model (not per request).
    var vocabularySeconds: Double
    /// Schema to grammar (the compiler caches nothing across processes, so this is a cold compile).
    var compileSeconds: Double
    /// Rendering and tokenizing the prompt, allocating the KV cache.
    var promptSeconds: Double
    /// The prompt plus the forced opening bytes, as one batch.
    var prefillSeconds: Double
    /// Masked sampling plus forced-token batches, up to the end of the value or the budget.
    var decodeSeconds: Double
    /// CPU time of every thread from the schema compile to the end of decoding.
    var cpuSeconds: Double
    /// Where `decodeSeconds` went.
    var phases: DecodePhases

    /// The report as `fm generate --json` prints it.
    var json: JSONValue {
        [
            "output": .string(output), "output_tokens": .array(outputTokens.map { .number(JSONNumber(Int($0))) }),
            "system": .string(system),
            "prompt_tokens": .number(JSONNumber(promptTokens)), "tokens": .number(JSONNumber(tokens)),
            "sampled": .number(JSONNumber(sampled)), "forced": .number(JSONNumber(forced)),
            "opening_forced": .number(JSONNumber(openingForced)),
            "sparse_samples": .number(JSONNumber(sparseSamples)),
            "complete": .bool(complete),
            "vocabulary_seconds": .number(JSONNumber(vocabularySeconds)),
            "compile_seconds": .number(JSONNumber(compileSeconds)),
            "prompt_seconds": .number(JSONNumber(promptSeconds)),
            "prefill_seconds": .number(JSONNumber(prefillSeconds)),
            "decode_seconds": .number(JSONNumber(decodeSeconds)),
            "cpu_seconds": .number(JSONNumber(cpuSeconds)),
            "mask_seconds": .number(JSONNumber(phases.mask)),
            "sample_seconds": .number(JSONNumber(phases.sample)),
            "forward_seconds": .number(JSONNumber(phases.forward)),
        ]
    }
}
