/// The tensors of one transformer block (`blk.N.*`).
package struct LayerWeights: Sendable {
    package let attentionNorm: WeightVector
    package let query: WeightMatrix
    package let key: WeightMatrix
    package let value: WeightMatrix
    package let output: WeightMatrix
    package let queryBias: WeightVector?
    package let keyBias: WeightVector?
    package let valueBias: WeightVector?
    package let queryNorm: WeightVector?
    package let keyNorm: WeightVector?
    package let postAttentionNorm: WeightVector?
    package let feedForwardNorm: WeightVector
    package let gate: WeightMatrix
    package let up: WeightMatrix
    package let down: WeightMatrix
    package let postFeedForwardNorm: WeightVector?

    package init(_ file: GGUFFile, layer: Int, hp: ModelHyperparameters) throws(LanguageModelError) {
        let p = "blk.\(layer)."
        let d = hp.embeddingLength
        attentionNorm = try WeightVector(file, p + "attn_norm.weight", count: d)
        query = try WeightMatrix(file, p + "attn_q.weight", columns: d, rows: hp.qDimension)
        key = try WeightMatrix(file, p + "attn_k.weight", columns: d, rows: hp.kvDimension)
        value = try WeightMatrix(file, p + "attn_v.weight", columns: d, rows: hp.kvDimension)
        output = try WeightMatrix(file, p + "attn_output.weight", columns: hp.qDimension, rows: d)
        queryBias = try WeightVector.optional(file, p + "attn_q.bias", count: hp.qDimension)
        keyBias = try WeightVector.optional(file, p + "attn_k.bias", count: hp.kvDimension)
        valueBias = try WeightVector.optional(file, p + "attn_v.bias", count: hp.kvDimension)
        feedForwardNorm = try WeightVector(file, p + "ffn_norm.weight", count: d)
        gate = try WeightMatrix(file, p + "ffn_gate.weight", columns: d, rows: hp.feedForwardLength)
        up = try WeightMatrix(file, p + "ffn_up.weight", columns: d, rows: hp.feedForwardLength)
        down = try WeightMatrix(file, p + "ffn_down.weight", columns: hp.feedForwardLength, rows: d)
        if hp.architecture == .gemma3 {
            queryNorm = try WeightVector(file, p + "attn_q_norm.weight", count: hp.headDimension)
            keyNorm = try WeightVector(file, p + "attn_k_norm.weight", count: hp.headDimension)
            postAttentionNorm = try WeightVector(file, p + "post_attention_norm.weight", count: d)
            postFeedForwardNorm = try WeightVector(file, p + "post_ffw_norm.weight", count: d)
        } else {
            queryNorm = try WeightVector.optional(file, p + "attn_q_norm.weight", count: hp.headDimension)
            keyNorm = try WeightVector.optional(file, p + "attn_k_norm.weight", count: hp.headDimension)
            postAttentionNorm = nil
            postFeedForwardNorm = nil
        }
    }
}
