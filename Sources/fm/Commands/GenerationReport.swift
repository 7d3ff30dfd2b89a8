import JSONSchemaValidation

/// What `fm generate --json` prints: the value and the numbers a benchmark script needs to put
/// our constrained decoding side by side with a peer's (the system prompt is included so the
/// peer can be given exactly the same text).
struct GenerationReport {
    var output: String
    var system: String
    var promptTokens: Int
    var tokens: Int
    var sampled: Int
    var forced: Int
    var complete: Bool
    /// Schema to grammar (the compiler caches nothing across processes, so this is a cold compile).
    var compileSeconds: Double
    var prefillSeconds: Double
    /// Masked sampling plus forced-token batches, up to the end of the value or the budget.
    var decodeSeconds: Double
    /// Where `decodeSeconds` went.
    var phases: DecodePhases

    func serialized() -> String {
        let fields: [(String, JSONValue)] = [
            ("output", .string(output)), ("system", .string(system)),
            ("prompt_tokens", .number(JSONNumber(promptTokens))), ("tokens", .number(JSONNumber(tokens))),
            ("sampled", .number(JSONNumber(sampled))), ("forced", .number(JSONNumber(forced))),
            ("complete", .bool(complete)),
            ("compile_seconds", .number(JSONNumber(compileSeconds))),
            ("prefill_seconds", .number(JSONNumber(prefillSeconds))),
            ("decode_seconds", .number(JSONNumber(decodeSeconds))),
            ("mask_seconds", .number(JSONNumber(phases.mask))),
            ("sample_seconds", .number(JSONNumber(phases.sample))),
            ("forward_seconds", .number(JSONNumber(phases.forward))),
        ]
        var text = "{"
        for (index, (key, value)) in fields.enumerated() {
            if index > 0 { text += "," }
            JSONValue.writeString(key, to: &text)
            text += ":" + value.serialized()
        }
        return text + "}"
    }
}
