/// Every tensor the forward pass reads, resolved and checked once at load.
package struct ModelWeights: Sendable {
    package let tokenEmbedding: WeightMatrix
    package let layers: [LayerWeights]
    package let outputNorm: WeightVector
    /// The output head: `output.weight`, or the token embedding when the model ties them.
    package let output: WeightMatrix

    package init(_ file: GGUFFile, hp: ModelHyperparameters) throws(LanguageModelError) {
        tokenEmbedding = try WeightMatrix(file, "token_embd.weight", columns: hp.embeddingLength, rows: hp.vocabularySize)
        var layers: [LayerWeights] = []
        layers.reserveCapacity(hp.layerCount)
        for i in 0..<hp.layerCount { layers.append(try LayerWeights(file, layer: i, hp: hp)) }
        self.layers = layers
        outputNorm = try WeightVector(file, "output_norm.weight", count: hp.embeddingLength)
        if file.tensor(named: "output.weight") != nil {
            output = try WeightMatrix(file, "output.weight", columns: hp.embeddingLength, rows: hp.vocabularySize)
        } else {
            output = tokenEmbedding
        }
    }
}
