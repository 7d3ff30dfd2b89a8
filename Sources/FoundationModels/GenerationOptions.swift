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

    /// Whether the model may, must or must not call the session's tools; `nil` is `.allowed`.
    public var toolCallingMode: ToolCallingMode?

    public init(sampling: SamplingMode?, temperature: Double? = nil, maximumResponseTokens: Int? = nil) {
        self.sampling = sampling
        self.temperature = temperature
        self.maximumResponseTokens = maximumResponseTokens
    }

    /// Creates generation options that control token sampling behavior.
    ///
    /// ```swift
    /// let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 64)
    /// ```
    /// - parameter samplingMode: A strategy to use for sampling from a distribution.
    /// - parameter temperature: How sharply the model favors its most likely tokens.
    /// - parameter maximumResponseTokens: The most tokens the response may have; must be positive.
    public init(samplingMode: SamplingMode? = nil, temperature: Double? = nil, maximumResponseTokens: Int? = nil) {
        self.init(sampling: samplingMode, temperature: temperature, maximumResponseTokens: maximumResponseTokens)
    }

    /// Creates generation options that also say how the model may use tools.
    ///
    /// ```swift
    /// let options = GenerationOptions(toolCallingMode: .disallowed)
    /// ```
    /// - parameter toolCallingMode: `.allowed`, `.required` or `.disallowed`; `nil` is `.allowed`.
    public init(samplingMode: SamplingMode? = nil, temperature: Double? = nil, maximumResponseTokens: Int? = nil,
                toolCallingMode: ToolCallingMode?) {
        self.init(sampling: samplingMode, temperature: temperature, maximumResponseTokens: maximumResponseTokens)
        self.toolCallingMode = toolCallingMode
    }

    /// A sampling strategy for how the model picks tokens (the 27 spelling of ``sampling``).
    public var samplingMode: SamplingMode? {
        get { sampling }
        set { sampling = newValue }
    }

    /// How to choose each token.
    public struct SamplingMode: Sendable, Equatable, Codable {
        enum Mode: Sendable, Equatable, Codable {
            case greedy
            case top(k: Int, seed: UInt64?)
            case nucleus(threshold: Double, seed: UInt64?)
        }

        let mode: Mode

        /// The strategy this sampling mode uses to choose the next token.
        public var kind: Kind {
            switch mode {
            case .greedy: .greedy
            case .top(let k, let seed): .top(k, seed: seed)
            case .nucleus(let threshold, let seed): .probabilityThreshold(threshold, seed: seed)
            }
        }

        /// The strategies a sampling mode can use, so an executor can read the caller's choice.
        ///
        /// ```swift
        /// if case .top(let k, _) = options.samplingMode?.kind { server.topK = k }
        /// ```
        public enum Kind: Sendable, Equatable {
            /// Always the most likely token.
            case greedy
            /// Random among the `k` most likely tokens, with an optional seed.
            case top(Int, seed: UInt64?)
            /// Random among the most likely tokens whose probabilities add up to the threshold.
            case probabilityThreshold(Double, seed: UInt64?)
        }

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
    /// How the model may use the session's tools for a request.
    ///
    /// ```swift
    /// // Answer from the tools' output only after calling at least one:
    /// try await session.respond(to: "Weather in Seoul?", options: GenerationOptions(toolCallingMode: .required))
    /// ```
    /// On the local engine the mode is enforced by the decoding grammar: `.required` allows only
    /// a call turn, `.disallowed` only an answer.
    public struct ToolCallingMode: Sendable, Equatable, Hashable, Codable {
        /// The behaviors a mode can name.
        public enum Kind: String, Sendable, Equatable, Hashable, Codable {
            /// The model may or may not call tools.
            case allowed
            /// The model must call one or more tools.
            case required
            /// The model may not call any tool.
            case disallowed
        }

        /// The tool-calling behavior this mode represents.
        public var kind: Kind

        init(kind: Kind) { self.kind = kind }

        /// The model may or may not call tools. This is the default.
        public static let allowed = ToolCallingMode(kind: .allowed)
        /// The model must call one or multiple tools before it answers.
        public static let required = ToolCallingMode(kind: .required)
        /// The model may not call any tool.
        public static let disallowed = ToolCallingMode(kind: .disallowed)
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
