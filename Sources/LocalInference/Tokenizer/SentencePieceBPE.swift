/// SentencePiece-style BPE (`tokenizer.ggml.model = llama`), as llama.cpp's
/// `llm_tokenizer_spm_session`: the text (spaces already escaped to "▁") starts as one symbol
/// per character; the adjacent pair whose concatenation is a vocabulary entry with the highest
/// score merges first (leftmost on ties), until no pair forms a token. A symbol that is not a
/// token is emitted as byte-fallback tokens `<0xXX>`.
struct SentencePieceBPE: Sendable {
    let scores: [Float]
    /// Byte-fallback token per byte (`<0xXX>`, else the one-byte token, else unknown; -1 if none).
    let byteTokens: [Int32]

    struct Scratch {
        var starts: [Int32] = []
        var lengths: [Int32] = []
        var previous: [Int32] = []
        var next: [Int32] = []
        var heap = TokenMergeQueue<Bigram>()
    }

    struct Bigram: Comparable {
        var score: Float
        var left: Int32
        var right: Int32
        var length: Int32

        /// Higher score first, then leftmost.
        static func < (a: Bigram, b: Bigram) -> Bool {
            a.score != b.score ? a.score > b.score : a.left < b.left
        }
        static func == (a: Bigram, b: Bigram) -> Bool { a.score == b.score && a.left == b.left }
    }

    /// Appends the tokens for `text` (already whitespace-escaped) to `output`.
    func encode(_ text: UnsafeBufferPointer<UInt8>, vocabulary: ByteKeyedTable,
                scratch: inout Scratch, into output: inout [Int32]) {
        guard !text.isEmpty else { return }
        scratch.starts.removeAll(keepingCapacity: true)
        scratch.lengths.removeAll(keepingCapacity: true)
        var offset = 0
        while offset < text.count {
            let length = min(text.count - offset, Self.utf8Length(lead: text[offset]))
            scratch.starts.append(Int32(offset))
            scratch.lengths.append(Int32(length))
            offset += length
        }
        let count = scratch.starts.count
        scratch.previous.removeAll(keepingCapacity: true)
        scratch.next.removeAll(keepingCapacity: true)
        for i in 0..<count {
            scratch.previous.append(Int32(i - 1))
            scratch.next.append(i + 1 < count ? Int32(i + 1) : -1)
        }
        scratch.heap.removeAll()
        for i in 1..<max(count, 1) {
            tryAdd(Int32(i - 1), Int32(i), text, vocabulary, &scratch)
        }
        while let bigram = scratch.heap.pop() {
            let left = Int(bigram.left), right = Int(bigram.right)
            let leftLength = scratch.lengths[left], rightLength = scratch.lengths[right]
            guard leftLength > 0, rightLength > 0, leftLength + rightLength == bigram.length,
                  scratch.next[left] == bigram.right else { continue }
            scratch.lengths[left] = leftLength + rightLength
            scratch.lengths[right] = 0
            let after = scratch.next[right]
            scratch.next[left] = after
            if after >= 0 { scratch.previous[Int(after)] = bigram.left }
            let before = scratch.previous[left]
            if before >= 0 { tryAdd(before, bigram.left, text, vocabulary, &scratch) }
            if after >= 0 { tryAdd(bigram.left, after, text, vocabulary, &scratch) }
        }
        var index: Int32 = 0
        while index >= 0 {
            let i = Int(index)
            let start = Int(scratch.starts[i]), length = Int(scratch.lengths[i])
            let symbol = UnsafeBufferPointer(rebasing: text[start..<start + length])
            if let id = vocabulary.id(for: symbol) {
                output.append(id)
            } else {
                for byte in symbol where byteTokens[Int(byte)] >= 0 {
                    output.append(byteTokens[Int(byte)])
                }
            }
            index = scratch.next[i]
        }
    }

    private func tryAdd(_ left: Int32, _ right: Int32, _ text: UnsafeBufferPointer<UInt8>,
                        _ vocabulary: ByteKeyedTable, _ scratch: inout Scratch) {
        let start = Int(scratch.starts[Int(left)])
        let length = Int(scratch.lengths[Int(left)] + scratch.lengths[Int(right)])
        guard let id = vocabulary.id(for: UnsafeBufferPointer(rebasing: text[start..<start + length])) else { return }
        scratch.heap.push(Bigram(score: scores[Int(id)], left: left, right: right, length: Int32(length)))
    }

    /// Bytes in the UTF-8 sequence a lead byte starts (1 for continuation or invalid bytes).
    @inline(__always) static func utf8Length(lead: UInt8) -> Int {
        switch lead >> 4 {
        case 0xC, 0xD: 2
        case 0xE: 3
        case 0xF: 4
        default: 1
        }
    }
}
