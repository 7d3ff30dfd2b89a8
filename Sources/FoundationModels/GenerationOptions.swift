/// Options that control how the model generates a response: sampling, temperature, length.
///
/// ```swift
/// let options = GenerationOptions(sampling: .random(top: 40, seed: 7), temperature: 0.7)
/// ```
public struct GenerationOptions: Sendable, Equatable, Codable {
    /// How to choose each token from the model's distribution; `nil` is the model's default
    /// (random sampling with nucleus 0.9).
    public var sampling: SamplingMode?

    /// How much to flatten (above 1) or sharpen (below 1) the distribution; `nil` is 1.
    /// Must be finite and non-negative; 0 is greedy.
    public var temperature: Double?

    /// The most tokens the response may have; `nil` is what remains of the context.
    public var maximumResponseTokens: Int?

    public init(sampling: SamplingMode? = nil, temperature: Double? = nil, maximumResponseTokens: Int? = nil) {
        self.sampling = sampling
        self.temperature = temperature
        self.maximumResponseTokens = maximumResponseTokens
    }

    /// How to choose each token.
    public struct SamplingMode: Sendable, Equatable, Codable {
        enum Mode: Sendable, Equatable, Codable {
            case greedy
            case top(k: Int, seed: UInt64?)
            case nucleus(threshold: Double, seed: UInt64?)
        }

        let mode: Mode

        /// Always the most likely token: deterministic.
        public static var greedy: SamplingMode { SamplingMode(mode: .greedy) }

        /// Sample among the `k` most likely tokens; the same seed gives the same output.
        public static func random(top k: Int, seed: UInt64? = nil) -> SamplingMode {
            SamplingMode(mode: .top(k: k, seed: seed))
        }

        /// Sample among the most likely tokens whose probabilities add up to `threshold`
        /// (nucleus sampling); the same seed gives the same output.
        public static func random(probabilityThreshold: Double, seed: UInt64? = nil) -> SamplingMode {
            SamplingMode(mode: .nucleus(threshold: probabilityThreshold, seed: seed))
        }
    }
}

extension GenerationOptions {
    /// Checks the values a request would use, naming the bad one and its allowed range.
    func validate() throws(InvalidGenerationOptions) {
        if let temperature, !(temperature.isFinite && temperature >= 0) {
            throw InvalidGenerationOptions("temperature \(temperature) is out of range; allowed: a finite value >= 0")
        }
        if let maximumResponseTokens, maximumResponseTokens < 1 {
            throw InvalidGenerationOptions("maximumResponseTokens \(maximumResponseTokens) is out of range; allowed: >= 1")
        }
        switch sampling?.mode {
        case .top(let k, _) where k < 1:
            throw InvalidGenerationOptions("sampling top k \(k) is out of range; allowed: >= 1")
        case .nucleus(let threshold, _) where !(threshold > 0 && threshold <= 1):
            throw InvalidGenerationOptions("sampling probabilityThreshold \(threshold) is out of range; allowed: 0 < p <= 1")
        default: break
        }
    }
}

/// Generation options with a value outside its allowed range.
struct InvalidGenerationOptions: Error, CustomStringConvertible, Sendable {
    let description: String
    init(_ description: String) { self.description = description }
}
