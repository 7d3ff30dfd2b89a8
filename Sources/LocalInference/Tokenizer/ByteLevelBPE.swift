/// GPT-2 style byte-level BPE (`tokenizer.ggml.model = gpt2`): each pre-token piece starts as
/// one symbol per byte and adjacent symbols merge by the rank of their pair in
/// `tokenizer.ggml.merges`, lowest rank (then leftmost) first, as llama.cpp's
/// `llm_tokenizer_bpe_session` does.
///
/// Symbols are token ids, so a merge rule is found by hashing the pair of ids, and the
/// vocabulary is never searched by text inside the merge loop.
struct ByteLevelBPE: Sendable {
    /// Token for each byte's byte-level character, or -1 if the vocabulary lacks it.
    let byteTokens: [Int32]
    /// Merge rules by pair of token ids.
    let merges: MergeTable
    /// Llama 3: a piece that is itself a token is emitted whole, without merging.
    let ignoreMerges: Bool
    let preTokenizer: PreTokenizer

    /// Reusable buffers for one encode call.
    struct Scratch {
        var ids: [Int32] = []
        var previous: [Int32] = []
        var next: [Int32] = []
        var heap = TokenMergeQueue<Bigram>()
        var mapped: [UInt8] = []
    }

    struct Bigram: Comparable {
        var rank: Int32
        var left: Int32
        var right: Int32
        var leftID: Int32
        var rightID: Int32

        static func < (a: Bigram, b: Bigram) -> Bool {
            a.rank != b.rank ? a.rank < b.rank : a.left < b.left
        }
        static func == (a: Bigram, b: Bigram) -> Bool { a.rank == b.rank && a.left == b.left }
    }

    /// Appends the tokens for one pre-token piece (raw bytes) to `output`.
    func encode(piece: UnsafeBufferPointer<UInt8>, vocabulary: ByteKeyedTable,
                scratch: inout Scratch, into output: inout [Int32]) {
        if ignoreMerges {
            scratch.mapped.removeAll(keepingCapacity: true)
            ByteLevelMapping.encode(piece, into: &scratch.mapped)
            if let id = scratch.mapped.withUnsafeBufferPointer({ vocabulary.id(for: $0) }) {
                output.append(id)
                return
            }
        }
        scratch.ids.removeAll(keepingCapacity: true)
        for byte in piece {
            let id = byteTokens[Int(byte)]
            if id >= 0 { scratch.ids.append(id) }   // a vocabulary without this byte drops it, as llama.cpp does
        }
        let count = scratch.ids.count
        if count <= 1 {
            output.append(contentsOf: scratch.ids)
            return
        }
        scratch.previous.removeAll(keepingCapacity: true)
        scratch.next.removeAll(keepingCapacity: true)
        for i in 0..<count {
            scratch.previous.append(Int32(i - 1))
            scratch.next.append(i + 1 < count ? Int32(i + 1) : -1)
        }
        scratch.heap.removeAll()
        for i in 1..<count {
            push(Int32(i - 1), Int32(i), &scratch)
        }
        while let bigram = scratch.heap.pop() {
            let left = Int(bigram.left), right = Int(bigram.right)
            // Skip bigrams made stale by an earlier merge.
            guard scratch.ids[left] == bigram.leftID, scratch.ids[right] == bigram.rightID,
                  scratch.next[left] == bigram.right,
                  let merge = merges.merge(bigram.leftID, bigram.rightID) else { continue }
            scratch.ids[left] = merge.result
            scratch.ids[right] = -1
            let after = scratch.next[right]
            scratch.next[left] = after
            if after >= 0 { scratch.previous[Int(after)] = bigram.left }
            let before = scratch.previous[left]
            if before >= 0 { push(before, bigram.left, &scratch) }
            if after >= 0 { push(bigram.left, after, &scratch) }
        }
        var index: Int32 = 0
        while index >= 0 {
            output.append(scratch.ids[Int(index)])
            index = scratch.next[Int(index)]
        }
    }

    @inline(__always)
    private func push(_ left: Int32, _ right: Int32, _ scratch: inout Scratch) {
        let leftID = scratch.ids[Int(left)], rightID = scratch.ids[Int(right)]
        guard let merge = merges.merge(leftID, rightID) else { return }
        scratch.heap.push(Bigram(rank: merge.rank, left: left, right: right, leftID: leftID, rightID: rightID))
    }
}
