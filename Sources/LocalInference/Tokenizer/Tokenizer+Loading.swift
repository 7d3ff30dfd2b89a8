extension Tokenizer {
    /// Builds the tokenizer described by a GGUF file's `tokenizer.ggml.*` metadata.
    ///
    /// ```swift
    /// let tokenizer = try Tokenizer(gguf: file)
    /// ```
    /// - parameter gguf: a parsed GGUF file.
    /// - throws: `TokenizerError` naming the key when the vocabulary is missing or inconsistent
    ///   (token types or scores of another length, an id outside the vocabulary, a merge rule
    ///   without a space), or when the model or pre-tokenizer is not one this package implements.
    public convenience init(gguf: GGUFFile) throws {
        let metadata = gguf.metadata
        guard let modelName = metadata.string("tokenizer.ggml.model") else {
            throw TokenizerError(kind: .missingKey, key: "tokenizer.ggml.model", reason: "missing; expected 'gpt2' or 'llama'")
        }
        guard modelName == "gpt2" || modelName == "llama" else {
            throw TokenizerError(kind: .unsupportedModel, key: "tokenizer.ggml.model",
                                 reason: "'\(modelName)' is not supported; expected 'gpt2' (byte-level BPE) or 'llama' (SentencePiece)")
        }
        guard let tokens = metadata.strings("tokenizer.ggml.tokens") else {
            throw TokenizerError(kind: .missingKey, key: "tokenizer.ggml.tokens", reason: "missing or not an array of strings")
        }
        guard !tokens.isEmpty, tokens.count <= Int(Int32.max) else {
            throw TokenizerError(kind: .invalidValue, key: "tokenizer.ggml.tokens", reason: "has \(tokens.count) entries; expected 1...\(Int32.max)")
        }
        let count = tokens.count

        var types = [TokenType](repeating: .normal, count: count)
        if metadata["tokenizer.ggml.token_type"] != nil {
            guard let raw = metadata.ints("tokenizer.ggml.token_type"), raw.count == count else {
                throw TokenizerError(kind: .invalidValue, key: "tokenizer.ggml.token_type",
                                     reason: "expected an integer array of \(count) entries (one per token)")
            }
            for (index, value) in raw.enumerated() {
                guard let type = TokenType(rawValue: UInt8(clamping: max(0, value))), (0...6).contains(value) else {
                    throw TokenizerError(kind: .invalidValue, key: "tokenizer.ggml.token_type",
                                         reason: "entry \(index) is \(value); expected 0...6")
                }
                types[index] = type
            }
        }

        var storage = ByteKeyedTable.Storage()
        storage.bytes.reserveCapacity(count * 8)
        storage.offsets.reserveCapacity(count + 1)
        for token in tokens { storage.append(token.utf8) }
        let vocabulary = ByteKeyedTable(bytes: storage.bytes, offsets: storage.offsets)

        func tokenID(_ key: String) throws -> Int32? {
            guard let value = metadata[key] else { return nil }
            guard let id = value.intValue, (0..<count).contains(id) else {
                throw TokenizerError(kind: .invalidValue, key: key, reason: "is \(value); expected a token id in 0..<\(count)")
            }
            return Int32(id)
        }
        func flag(_ key: String, default value: Bool) throws -> Bool {
            guard let stored = metadata[key] else { return value }
            guard case .bool(let flag) = stored else {
                throw TokenizerError(kind: .invalidValue, key: key, reason: "is \(stored); expected a bool")
            }
            return flag
        }

        let isSentencePiece = modelName == "llama"
        var bos = try tokenID("tokenizer.ggml.bos_token_id")
        var eos = try tokenID("tokenizer.ggml.eos_token_id")
        if isSentencePiece {
            // llama.cpp's defaults for SentencePiece vocabularies.
            if bos == nil, metadata["tokenizer.ggml.bos_token_id"] == nil, count > 1 { bos = 1 }
            if eos == nil, metadata["tokenizer.ggml.eos_token_id"] == nil, count > 2 { eos = 2 }
        }
        let unknown = try tokenID("tokenizer.ggml.unknown_token_id") ?? (isSentencePiece ? 0 : nil)

        // llama.cpp recognises end-of-turn and fill-in-the-middle tokens by their text, makes
        // them control tokens (so they are parsed only as special tokens), and ends generation
        // on the end-of-turn ones and on FIM pad/repo/separator.
        var endOfGeneration = Set<Int32>()
        if let eos { endOfGeneration.insert(eos) }
        for key in ["tokenizer.ggml.eot_token_id", "tokenizer.ggml.eom_token_id"] {
            if let id = try tokenID(key) { endOfGeneration.insert(id) }
        }
        func ids(_ texts: [String]) -> [Int32] {
            texts.compactMap { vocabulary.id(for: Array($0.utf8)) }
        }
        let endOfGenerationIDs = ids(Self.endOfGenerationTexts)
        for id in endOfGenerationIDs {
            endOfGeneration.insert(id)
            types[Int(id)] = .control
        }
        for (group, isEndOfGeneration) in Self.fillInTheMiddleTexts {
            guard let id = ids(group).min() else { continue }
            types[Int(id)] = .control
            if isEndOfGeneration { endOfGeneration.insert(id) }
        }
        // llama.cpp's workarounds: with gpt-oss/solar-open style tokens `<|end|>` is not an end of
        // generation, and with Gemma 4's `<|tool_response>` neither is `</s>`.
        let present = Set(endOfGenerationIDs.compactMap { id in String(validating: vocabulary.key(Int(id)), as: UTF8.self) })
        if present.contains("<|end|>"), present.contains("<|call|>") || present.contains("<|calls|>"),
           present.contains("<|return|>") || present.contains("<|flush|>"), let end = ids(["<|end|>"]).first {
            endOfGeneration.remove(end)
            types[Int(end)] = .userDefined
        }
        if present.contains("<|tool_response>"), let close = ids(["</s>"]).first {
            endOfGeneration.remove(close)
            types[Int(close)] = .normal
        }

        let model: Model
        var pieces = ByteKeyedTable.Storage()
        pieces.bytes.reserveCapacity(storage.bytes.count)
        pieces.offsets.reserveCapacity(count + 1)
        let addBOS: Bool
        let addSpacePrefix: Bool
        if isSentencePiece {
            guard let scores = metadata.floats("tokenizer.ggml.scores"), scores.count == count else {
                throw TokenizerError(kind: .invalidValue, key: "tokenizer.ggml.scores",
                                     reason: "expected a float array of \(count) entries (one per token)")
            }
            var byteTokens = [Int32](repeating: unknown ?? -1, count: 256)
            for byte in 0..<256 {
                let hex = "<0x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2) + ">"
                if let id = vocabulary.id(for: Array(hex.utf8)) {
                    byteTokens[byte] = id
                } else if let id = vocabulary.id(for: [UInt8(byte)]) {
                    byteTokens[byte] = id
                }
            }
            model = .sentencePiece(SentencePieceBPE(scores: scores, byteTokens: byteTokens))
            addBOS = try flag("tokenizer.ggml.add_bos_token", default: true)
            addSpacePrefix = try flag("tokenizer.ggml.add_space_prefix", default: true)
            for id in 0..<count {
                let text = vocabulary.key(id)
                switch types[id] {
                case .normal, .userDefined, .undefined:
                    pieces.append(Self.unescapeWhitespace(text))
                case .byte:
                    pieces.append(Self.byteValue(of: text).map { [$0] } ?? [])
                case .control, .unknown, .unused:
                    pieces.append(EmptyCollection())
                }
            }
        } else {
            let preName = metadata.string("tokenizer.ggml.pre") ?? "default"
            guard let preTokenizer = PreTokenizer(name: preName) else {
                throw TokenizerError(kind: .unsupportedPreTokenizer, key: "tokenizer.ggml.pre",
                                     reason: "'\(preName)' is not supported; supported: gpt-2, smollm, llama-bpe (llama3), qwen2, default, and the other names llama.cpp gives these")
            }
            guard let mergeTexts = metadata.strings("tokenizer.ggml.merges") else {
                throw TokenizerError(kind: .missingKey, key: "tokenizer.ggml.merges", reason: "missing or not an array of strings")
            }
            var merges = MergeTable(minimumCapacity: mergeTexts.count)
            var joined: [UInt8] = []
            for (rank, text) in mergeTexts.enumerated() {
                let bytes = Array(text.utf8)
                // The separator is the first space after the first byte (llama.cpp: find(' ', 1)).
                guard bytes.count >= 3, let space = bytes[1...].firstIndex(of: 0x20), space + 1 < bytes.count else {
                    throw TokenizerError(kind: .invalidValue, key: "tokenizer.ggml.merges",
                                         reason: "entry \(rank) '\(text)' is not two tokens separated by a space")
                }
                // Rules whose parts or result are not tokens can never apply to token symbols.
                guard let left = vocabulary.id(for: Array(bytes[..<space])),
                      let right = vocabulary.id(for: Array(bytes[(space + 1)...])) else { continue }
                joined.removeAll(keepingCapacity: true)
                joined.append(contentsOf: bytes[..<space])
                joined.append(contentsOf: bytes[(space + 1)...])
                guard let result = vocabulary.id(for: joined) else { continue }
                merges.insertIfAbsent(left: left, right: right, MergeTable.Merge(rank: Int32(rank), result: result))
            }
            var byteTokens = [Int32](repeating: -1, count: 256)
            var mapped: [UInt8] = []
            for byte in 0..<256 {
                mapped.removeAll(keepingCapacity: true)
                [UInt8(byte)].withUnsafeBufferPointer { ByteLevelMapping.encode($0, into: &mapped) }
                byteTokens[byte] = vocabulary.id(for: mapped) ?? -1
            }
            let isLlama3 = preTokenizer.isLlama3Family
            model = .byteLevelBPE(ByteLevelBPE(byteTokens: byteTokens, merges: merges,
                                               ignoreMerges: isLlama3, preTokenizer: preTokenizer))
            addBOS = try flag("tokenizer.ggml.add_bos_token", default: isLlama3)
            addSpacePrefix = false
            for id in 0..<count {
                switch types[id] {
                case .normal, .undefined:
                    pieces.append(ByteLevelMapping.decode(String(decoding: vocabulary.key(id), as: UTF8.self)))
                case .userDefined:
                    pieces.append(vocabulary.key(id))
                case .control, .unknown, .unused, .byte:
                    pieces.append(EmptyCollection())
                }
            }
        }
        let addEOS = try flag("tokenizer.ggml.add_eos_token", default: false)

        var candidates: [(id: Int32, text: ArraySlice<UInt8>, alwaysMatched: Bool)] = []
        for id in 0..<count {
            switch types[id] {
            case .control, .unknown: candidates.append((Int32(id), vocabulary.key(id), false))
            case .userDefined: candidates.append((Int32(id), vocabulary.key(id), true))
            default: break
            }
        }

        self.init(model: model, vocabulary: vocabulary, types: types, pieces: pieces,
                  specialTokens: SpecialTokenMatcher(candidates: candidates), addBOS: addBOS, addEOS: addEOS,
                  addSpacePrefix: addSpacePrefix, bos: bos, eos: eos, endOfGeneration: endOfGeneration)
    }

    /// Texts llama.cpp treats as end of generation when a vocabulary has them.
    static let endOfGenerationTexts = [
        "<|eot_id|>", "<|im_end|>", "<|end|>", "<|return|>", "<|call|>", "<|flush|>", "<|calls|>",
        "<end_of_turn>", "<|endoftext|>", "</s>", "<|eom_id|>", "<EOT>", "_<EOT>", "[EOT]", "[EOS]",
        "<|end_of_text|>", "<end_of_utterance>", "<eos>", "<turn|>", "<|tool_response>",
    ]

    /// Fill-in-the-middle token spellings llama.cpp recognises (prefix, suffix, middle, pad,
    /// repo, separator), and whether each ends generation.
    static let fillInTheMiddleTexts: [([String], Bool)] = [
        (["<|fim_prefix|>", "<fim-prefix>", "<fim_prefix>", "<PRE>", "<|code_prefix|>", "<|prefix|>"], false),
        (["<|fim_suffix|>", "<fim-suffix>", "<fim_suffix>", "<SUF>", "<|code_suffix|>", "<|suffix|>"], false),
        (["<|fim_middle|>", "<fim-middle>", "<fim_middle>", "<MID>", "<|code_middle|>", "<|middle|>"], false),
        (["<|fim_pad|>", "<fim-pad>", "<fim_pad>", "<PAD>", "[PAD]"], true),
        (["<|fim_repo|>", "<|repo_name|>", "<fim-repo>", "<REPO>", "<reponame>"], true),
        (["<|file_sep|>"], true),
    ]

    /// "▁" (E2 96 81) back to a space.
    static func unescapeWhitespace(_ text: ArraySlice<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == 0xE2, index + 2 < text.endIndex, text[index + 1] == 0x96, text[index + 2] == 0x81 {
                result.append(0x20)
                index += 3
            } else {
                result.append(text[index])
                index += 1
            }
        }
        return result
    }

    /// The byte of a `<0xXX>` token.
    static func byteValue(of text: ArraySlice<UInt8>) -> UInt8? {
        guard text.count == 6 else { return nil }
        return UInt8(String(decoding: text.dropFirst(3).prefix(2), as: UTF8.self), radix: 16)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
