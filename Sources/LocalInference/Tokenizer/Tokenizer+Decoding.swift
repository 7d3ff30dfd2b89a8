extension Tokenizer {
    /// Converts token ids back to text.
    ///
    /// ```swift
    /// tokenizer.decode(tokenizer.encode("Hello", addSpecialTokens: false))   // "Hello"
    /// ```
    /// - parameter tokens: ids; ids outside the vocabulary are ignored.
    /// - parameter skipSpecial: leave out control tokens (`<|im_end|>`); when false they are
    ///   written as their text, as llama.cpp does with `special = true`.
    /// - returns: the text; byte sequences that are not valid UTF-8 become U+FFFD.
    public func decode(_ tokens: [Int32], skipSpecial: Bool = false) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(tokens.count * 4)
        // llama.cpp removes the space that add_space_prefix put in front of the first token.
        var removeSpace = addSpacePrefix
        for id in tokens {
            appendBytes(of: id, skipSpecial: skipSpecial, removeLeadingSpace: removeSpace, to: &bytes)
            removeSpace = false
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the bytes `id` decodes to (control tokens as their text unless `skipSpecial`).
    func appendBytes(of id: Int32, skipSpecial: Bool, removeLeadingSpace: Bool = false, to bytes: inout [UInt8]) {
        guard id >= 0, Int(id) < types.count else { return }
        let index = Int(id)
        if types[index] == .control {
            if !skipSpecial { bytes.append(contentsOf: vocabulary.key(index)) }
            return
        }
        let piece = pieces.slice(index)
        if removeLeadingSpace, piece.first == 0x20 {
            bytes.append(contentsOf: piece.dropFirst())
        } else {
            bytes.append(contentsOf: piece)
        }
    }
}
