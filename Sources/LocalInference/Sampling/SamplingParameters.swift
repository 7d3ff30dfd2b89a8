/// How the next token is chosen from the logits.
///
/// ```swift
/// let creative = SamplingParameters(temperature: 0.8, topK: 40, topP: 0.95, seed: 42)
/// let exact = SamplingParameters.greedy
/// ```
public struct SamplingParameters: Sendable, Hashable {
    /// 0 (or less) picks the most likely token; higher values flatten the distribution.
    public var temperature: Float
    /// Keep only the `topK` most likely tokens before sampling (nil or <= 0: all).
    public var topK: Int?
    /// Keep the smallest set of tokens whose probabilities sum to at least `topP` (nil: all).
    public var topP: Float?
    /// Seed of the random generator; nil draws one from the system generator.
    public var seed: UInt64?

    public init(temperature: Float, topK: Int? = nil, topP: Float? = nil, seed: UInt64? = nil) {
        self.temperature = temperature
        self.topK = topK
        self.topP = topP
        self.seed = seed
    }

    /// Always the most likely token (ties: the lowest id).
    public static let greedy = SamplingParameters(temperature: 0)
}
