/// The transformer variants the engine has a forward pass for (`general.architecture`).
package enum ModelArchitecture: String, Sendable, CaseIterable {
    /// LLaMA and its descendants (SmolLM2): RMSNorm, SwiGLU, rotary embeddings on adjacent pairs.
    case llama
    /// Qwen 2: LLaMA plus biases on the Q/K/V projections and NeoX-style rotary embeddings.
    case qwen2
    /// Gemma 3: embeddings scaled by sqrt(d), Q/K RMS norms, norms after attention and FFN,
    /// GeGLU, sliding-window layers with their own rotary base, NeoX-style rotary embeddings.
    case gemma3
}
