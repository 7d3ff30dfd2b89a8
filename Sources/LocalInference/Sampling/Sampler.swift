import Foundation

/// Chooses tokens from an `InferenceContext`'s logits: greedy, or temperature sampling with
/// top-k / top-p, under an optional mask of allowed tokens.
///
/// ```swift
/// var sampler = Sampler(SamplingParameters(temperature: 0.7, topP: 0.9, seed: 7))
/// let token = sampler.sample(from: context, allowed: mask)
/// ```
///
/// With a seed the sequence of choices is the same on every run and platform.
public struct Sampler: Sendable {
    public let parameters: SamplingParameters
    private var random: SamplingRandom

    /// Masks allowing at most this fraction of the vocabulary read only the allowed rows of
    /// the output head (`InferenceContext.logits(for:)`).
    package static let sparseMaskFraction = 8

    public init(_ parameters: SamplingParameters) {
        self.parameters = parameters
        var system = SystemRandomNumberGenerator()
        random = SamplingRandom(seed: parameters.seed ?? system.next())
    }

    /// The next token for the context's last position.
    ///
    /// Never returns a token outside `allowed`. Returns -1 when nothing can be chosen: the
    /// mask allows no token of the vocabulary, or the context has evaluated nothing.
    /// - Note: When the mask allows few tokens, only their output rows are computed.
    public mutating func sample(from context: InferenceContext, allowed: TokenBitmask?) -> Int32 {
        let vocabulary = context.model.vocabularySize
        var candidates: [Int32]
        var logits: [Float]
        if let allowed {
            let allowedCount = allowed.count
            if allowedCount * Self.sparseMaskFraction > vocabulary, isGreedy {
                // A dense mask under greedy decoding (string contents in guided generation):
                // the best allowed logit, without gathering ~50k candidates into arrays.
                let all = context.logits()
                if all.isEmpty { return -1 }
                return Self.bestAllowed(in: all, allowed: allowed)
            }
            candidates = allowed.tokens.filter { Int($0) < vocabulary }
            if candidates.isEmpty { return -1 }
            if candidates.count * Self.sparseMaskFraction <= vocabulary {
                logits = context.logits(for: candidates)
            } else {
                let all = context.logits()
                if all.isEmpty { return -1 }
                logits = candidates.map { all[Int($0)] }
            }
        } else {
            logits = context.logits()
            if logits.isEmpty { return -1 }
            candidates = []  // identity: index == id
        }
        let index = choose(&logits)
        guard index >= 0 else { return -1 }
        return candidates.isEmpty ? Int32(index) : candidates[index]
    }

    private var isGreedy: Bool { parameters.temperature <= 0 || parameters.topK == 1 }

    /// The allowed token with the highest logit, the lowest id on ties, as ``choose(_:)`` picks
    /// among allowed candidates; -1 when none is allowed or the first allowed logit is NaN.
    static func bestAllowed(in logits: [Float], allowed: TokenBitmask) -> Int32 {
        var best = -1
        logits.withUnsafeBufferPointer { scores in
            let limit = min(scores.count, allowed.vocabularySize)
            for (w, word) in allowed.words.enumerated() where word != 0 {
                var bits = word
                while bits != 0 {
                    let id = w << 6 | bits.trailingZeroBitCount
                    bits &= bits - 1
                    guard id < limit else { return }
                    if best < 0 || scores[id] > scores[best] { best = id }
                }
            }
        }
        return best >= 0 && !logits[best].isNaN ? Int32(best) : -1
    }

    /// Picks an index into `logits` (which it may modify). Exposed for tests.
    mutating func choose(_ logits: inout [Float]) -> Int {
        guard !logits.isEmpty else { return -1 }
        if isGreedy {
            var best = 0
            for i in logits.indices where logits[i] > logits[best] { best = i }
            return logits[best].isNaN ? -1 : best
        }
        // Candidates sorted by logit, truncated to top-k.
        var order = Array(logits.indices).filter { logits[$0] > -.infinity }
        if order.isEmpty { return -1 }
        order.sort { logits[$0] > logits[$1] || (logits[$0] == logits[$1] && $0 < $1) }
        if let k = parameters.topK, k > 0, k < order.count { order.removeSubrange(k...) }
        let top = logits[order[0]]
        let inverseTemperature = 1 / parameters.temperature
        var probabilities = order.map { exp(Double((logits[$0] - top) * inverseTemperature)) }
        let total = probabilities.reduce(0, +)
        for i in probabilities.indices { probabilities[i] /= total }
        var keep = probabilities.count
        if let p = parameters.topP, p < 1 {
            var cumulative = 0.0
            for i in probabilities.indices {
                cumulative += probabilities[i]
                if cumulative >= Double(p) { keep = i + 1; break }
            }
        }
        let kept = probabilities[..<keep].reduce(0, +)
        var target = random.unit() * kept
        for i in 0..<keep {
            target -= probabilities[i]
            if target < 0 { return order[i] }
        }
        return order[keep - 1]
    }
}
