extension Tokenizer {
    /// Converts text to token ids.
    ///
    /// ```swift
    /// tokenizer.encode("Hi there")                                 // BOS (if the model adds one) + ids
    /// tokenizer.encode("<|im_start|>user", parseSpecial: true)     // [1, 4093]
    /// ```
    /// - parameter text: any string; never fails.
    /// - parameter addSpecialTokens: add BOS/EOS where the model's metadata asks for them
    ///   (`tokenizer.ggml.add_bos_token`, `add_eos_token`).
    /// - parameter parseSpecial: recognise control tokens written in the text (`<|im_end|>`);
    ///   otherwise they are tokenized as plain text. User-defined tokens are always recognised.
    /// - returns: the token ids, identical to llama.cpp's `llama_tokenize` for the same flags.
    public func encode(_ text: String, addSpecialTokens: Bool = true, parseSpecial: Bool = false) -> [Int32] {
        var text = text
        return text.withUTF8 { encode(bytes: $0, addSpecialTokens: addSpecialTokens, parseSpecial: parseSpecial) }
    }

    /// Encodes UTF-8 bytes (invalid sequences are tolerated: bytes fall back to byte tokens).
    func encode(bytes: UnsafeBufferPointer<UInt8>, addSpecialTokens: Bool, parseSpecial: Bool) -> [Int32] {
        var output: [Int32] = []
        output.reserveCapacity(bytes.count / 3 + 2)
        if addSpecialTokens, addBOS, let bosTokenID { output.append(bosTokenID) }
        let fragments = specialTokens.partition(bytes, parseSpecial: parseSpecial)
        switch model {
        case .byteLevelBPE(let bpe):
            var scratch = ByteLevelBPE.Scratch()
            var cache = WordCache()
            for fragment in fragments {
                switch fragment {
                case .token(let id):
                    output.append(id)
                case .text(let range):
                    let text = UnsafeBufferPointer(rebasing: bytes[range])
                    bpe.preTokenizer.split(text) { pieceRange in
                        let piece = UnsafeBufferPointer(rebasing: text[pieceRange])
                        if cache.appendCached(piece, to: &output) { return }
                        let start = output.count
                        bpe.encode(piece: piece, vocabulary: vocabulary, scratch: &scratch, into: &output)
                        cache.insert(piece, output[start...])
                    }
                }
            }
        case .sentencePiece(let spm):
            var scratch = SentencePieceBPE.Scratch()
            var escaped: [UInt8] = []
            var previousWasSpecial = true
            for fragment in fragments {
                switch fragment {
                case .token(let id):
                    output.append(id)
                    previousWasSpecial = true
                case .text(let range):
                    escaped.removeAll(keepingCapacity: true)
                    if addSpacePrefix, previousWasSpecial { escaped.append(contentsOf: [0xE2, 0x96, 0x81]) }
                    for byte in bytes[range] {
                        if byte == 0x20 { escaped.append(contentsOf: [0xE2, 0x96, 0x81]) } else { escaped.append(byte) }
                    }
                    escaped.withUnsafeBufferPointer {
                        spm.encode($0, vocabulary: vocabulary, scratch: &scratch, into: &output)
                    }
                    previousWasSpecial = false
                }
            }
        }
        if addSpecialTokens, addEOS, let eosTokenID { output.append(eosTokenID) }
        return output
    }
}
