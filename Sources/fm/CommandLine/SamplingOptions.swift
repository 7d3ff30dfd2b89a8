import ArgumentParsing
import FoundationModels
import LocalInference

/// How tokens are chosen, the same flags and one `--max-tokens` default on every command
/// that generates.
struct SamplingOptions: ParsableArguments {
    /// The response budget when `--max-tokens` is not given, for every generating command.
    static let defaultMaximumTokens = 512

    @Flag(short: "g", help: "Always pick the most likely token (same prompt, same answer).")
    var greedy = false
    @Option(help: "Random seed, for reproducible sampling.")
    var seed: UInt64?
    @Option(help: "Sampling temperature, >= 0 (default: the command's).", valueName: "t")
    var temperature: Double?
    @Option(help: "Most tokens to generate.", valueName: "n")
    var maxTokens = SamplingOptions.defaultMaximumTokens

    func validate() throws {
        guard maxTokens >= 1 else { throw UsageError("--max-tokens must be at least 1, got \(maxTokens)") }
        if let temperature, temperature < 0 { throw UsageError("--temperature must be >= 0, got \(temperature)") }
    }

    /// The session's options: greedy, or nucleus sampling (p = 0.9) with the seed.
    var generationOptions: GenerationOptions {
        let sampling: GenerationOptions.SamplingMode? = greedy ? .greedy : seed.map { .random(probabilityThreshold: 0.9, seed: $0) }
        return GenerationOptions(sampling: sampling, temperature: temperature, maximumResponseTokens: maxTokens)
    }

    /// The engine's sampler: greedy (or temperature 0), else temperature with top-k and top-p.
    func samplingParameters(temperature defaultTemperature: Float = 0.8, topK: Int = 40, topP: Float = 0.95) -> SamplingParameters {
        let temperature = temperature.map(Float.init) ?? defaultTemperature
        return greedy || temperature == 0
            ? SamplingParameters(temperature: 0, seed: seed)
            : SamplingParameters(temperature: temperature, topK: topK, topP: topP, seed: seed)
    }
}
