import Foundation

/// The shape of a model, read from GGUF metadata (`<arch>.*` keys) with llama.cpp's defaults
/// where a key is optional.
package struct ModelHyperparameters: Sendable, Hashable {
    package var architecture: ModelArchitecture
    package var embeddingLength: Int
    package var layerCount: Int
    package var headCount: Int
    package var kvHeadCount: Int
    package var headDimension: Int
    package var feedForwardLength: Int
    package var rmsEpsilon: Float
    package var trainedContextLength: Int
    package var vocabularySize: Int
    /// Rotary base of global-attention layers.
    package var ropeBase: Float
    /// Rotary base of sliding-window layers (Gemma 3 uses 10 000 there).
    package var ropeBaseLocal: Float
    package var ropeFrequencyScale: Float
    package var ropeDimensions: Int
    /// Rotate (i, i + n/2) pairs (NeoX) rather than adjacent pairs.
    package var ropeNeoX: Bool
    /// Keys visible to a query at distance < window on sliding layers; nil for none.
    package var slidingWindow: Int?
    /// Every `slidingWindowPattern`-th layer is global (Gemma 3: 6); 0 = all sliding.
    package var slidingWindowPattern: Int
    /// Multiplies q.k in attention.
    package var attentionScale: Float
    package var attentionSoftcap: Float?
    package var finalLogitSoftcap: Float?
    /// Multiplies the token embeddings (Gemma: sqrt(d)).
    package var embeddingScale: Float

    package var qDimension: Int { headCount * headDimension }
    package var kvDimension: Int { kvHeadCount * headDimension }

    /// Whether layer `index` attends only within the sliding window.
    package func isSlidingLayer(_ index: Int) -> Bool {
        guard slidingWindow != nil else { return false }
        guard slidingWindowPattern > 0 else { return true }
        return index % slidingWindowPattern < slidingWindowPattern - 1
    }

    package init(metadata: GGUFMetadata, vocabularyFallback: Int?, url: URL) throws(LanguageModelError) {
        let archName = metadata.architecture ?? ""
        guard let arch = ModelArchitecture(rawValue: archName) else {
            throw LanguageModelError(.unsupportedArchitecture(archName.isEmpty ? "<none>" : archName), url: url)
        }
        func required(_ suffix: String, range: ClosedRange<Int>) throws(LanguageModelError) -> Int {
            let key = "\(archName).\(suffix)"
            guard let v = metadata.int(key) else { throw LanguageModelError(.missingMetadata(key), url: url) }
            guard range.contains(v) else {
                throw LanguageModelError(.invalidMetadata(key: key, value: "\(v)", allowed: "\(range)"), url: url)
            }
            return v
        }
        func optional(_ suffix: String, range: ClosedRange<Int>) throws(LanguageModelError) -> Int? {
            let key = "\(archName).\(suffix)"
            guard metadata[key] != nil else { return nil }
            guard let v = metadata.int(key), range.contains(v) else {
                throw LanguageModelError(.invalidMetadata(key: key, value: "\(String(describing: metadata[key]))", allowed: "integer in \(range)"), url: url)
            }
            return v
        }
        func float(_ suffix: String) -> Float? { metadata.float("\(archName).\(suffix)") }

        architecture = arch
        embeddingLength = try required("embedding_length", range: 1...65536)
        layerCount = try required("block_count", range: 1...1024)
        headCount = try required("attention.head_count", range: 1...1024)
        kvHeadCount = try optional("attention.head_count_kv", range: 1...1024) ?? headCount
        guard headCount % kvHeadCount == 0 else {
            throw LanguageModelError(.invalidMetadata(key: "\(archName).attention.head_count_kv", value: "\(kvHeadCount)",
                                                      allowed: "a divisor of head_count \(headCount)"), url: url)
        }
        let defaultHeadDim = embeddingLength / headCount
        headDimension = try optional("attention.key_length", range: 1...1024) ?? defaultHeadDim
        let valueLength = try optional("attention.value_length", range: 1...1024) ?? headDimension
        guard valueLength == headDimension, headDimension % 2 == 0 else {
            throw LanguageModelError(.invalidMetadata(key: "\(archName).attention.value_length", value: "\(valueLength)",
                                                      allowed: "equal to key_length \(headDimension), even"), url: url)
        }
        feedForwardLength = try required("feed_forward_length", range: 1...1 << 20)
        rmsEpsilon = float("attention.layer_norm_rms_epsilon") ?? 1e-5
        trainedContextLength = try optional("context_length", range: 1...1 << 24) ?? 2048
        vocabularySize = try optional("vocab_size", range: 1...1 << 24) ?? vocabularyFallback ?? 0
        ropeBase = float("rope.freq_base") ?? 10000
        ropeFrequencyScale = 1
        if let factor = float("rope.scaling.factor"), factor > 0,
           metadata.string("\(archName).rope.scaling.type").map({ $0 == "linear" }) ?? false {
            ropeFrequencyScale = 1 / factor
        }
        ropeDimensions = try optional("rope.dimension_count", range: 2...headDimension) ?? headDimension
        attentionSoftcap = float("attn_logit_softcapping").flatMap { $0 > 0 ? $0 : nil }
        finalLogitSoftcap = float("final_logit_softcapping").flatMap { $0 > 0 ? $0 : nil }
        switch arch {
        case .llama:
            ropeNeoX = false
            ropeBaseLocal = ropeBase
            slidingWindow = nil
            slidingWindowPattern = 0
            attentionScale = 1 / Float(headDimension).squareRoot()
            embeddingScale = 1
        case .qwen2:
            ropeNeoX = true
            ropeBaseLocal = ropeBase
            slidingWindow = nil
            slidingWindowPattern = 0
            attentionScale = 1 / Float(headDimension).squareRoot()
            embeddingScale = 1
        case .gemma3:
            ropeNeoX = true
            ropeBaseLocal = 10000
            slidingWindow = try optional("attention.sliding_window", range: 1...1 << 24)
            slidingWindowPattern = try optional("attention.sliding_window_pattern", range: 0...1024) ?? 6
            attentionScale = 1 / Float(headDimension).squareRoot()
            embeddingScale = Float(embeddingLength).squareRoot()
        }
    }
}
