/// The vocabulary as a byte trie laid out in depth-first order, so one linear pass visits every
/// token and a dead prefix skips its whole subtree with one jump (llguidance's toktrie layout).
///
/// Node 0 is the root. For node i: `bytes[i]` is the edge byte, `depths[i]` its depth,
/// `subtreeEnds[i]` the index just past its subtree, `tokens[i]` the token ending here or -1.
final class TokenTrie: Sendable {
    let bytes: [UInt8]
    let depths: [UInt16]
    let subtreeEnds: [Int32]
    let tokens: [Int32]
    /// Tokens whose bytes equal another token's (the first is in `tokens`).
    let duplicateTokens: [Int32: [Int32]]
    let maxDepth: Int

    /// A trie of the vocabulary's ordinary tokens for which `including` is true.
    init(vocabulary: TokenVocabulary, including: (Int32) -> Bool = { _ in true }) {
        // Sort token ids by their bytes; a DFS order is then the sorted order with shared
        // prefixes merged.
        var ids: [Int32] = []
        for (index, tokenBytes) in vocabulary.tokenBytes.enumerated()
        where !tokenBytes.isEmpty && !vocabulary.specialTokenIDs.contains(Int32(index)) && including(Int32(index)) {
            ids.append(Int32(index))
        }
        let all = vocabulary.tokenBytes
        ids.sort { all[Int($0)].lexicographicallyPrecedes(all[Int($1)]) }

        var bytes: [UInt8] = [0]
        var depths: [UInt16] = [0]
        var tokens: [Int32] = [-1]
        var duplicates: [Int32: [Int32]] = [:]
        // path[d] = node index at depth d of the current path.
        var path: [Int] = [0]
        var previous: [UInt8] = []
        for id in ids {
            let token = all[Int(id)]
            var shared = 0
            while shared < min(previous.count, token.count), previous[shared] == token[shared] { shared += 1 }
            path.removeSubrange((shared + 1)...)
            for depth in shared..<token.count {
                bytes.append(token[depth])
                depths.append(UInt16(depth + 1))
                tokens.append(-1)
                path.append(bytes.count - 1)
            }
            let node = path[token.count]
            if tokens[node] >= 0 {
                duplicates[Int32(node), default: []].append(id)
            } else {
                tokens[node] = id
            }
            previous = token
        }
        // Subtree ends: a node's subtree ends at the next node with depth <= its own.
        var ends = [Int32](repeating: Int32(bytes.count), count: bytes.count)
        var open: [Int] = []
        for index in 0..<bytes.count {
            while let last = open.last, depths[last] >= depths[index] {
                ends[last] = Int32(index)
                open.removeLast()
            }
            open.append(index)
        }
        self.bytes = bytes
        self.depths = depths
        self.subtreeEnds = ends
        self.tokens = tokens
        self.duplicateTokens = duplicates
        self.maxDepth = Int(depths.max() ?? 0)
    }

    var nodeCount: Int { bytes.count }

    /// Sets bit t of `words` for every token t whose bytes `recognizer` accepts from `start`.
    /// Walks each live prefix once; a dead prefix skips its subtree.
    func fillAllowed<R: ByteRecognizer>(from start: Int32, recognizer: inout R, into words: inout [UInt64]) {
        var states = [Int32](repeating: 0, count: maxDepth + 1)
        states[0] = start
        let count = bytes.count
        let hasDuplicates = !duplicateTokens.isEmpty
        bytes.withUnsafeBufferPointer { bytes in
            depths.withUnsafeBufferPointer { depths in
                subtreeEnds.withUnsafeBufferPointer { ends in
                    tokens.withUnsafeBufferPointer { tokens in
                        words.withUnsafeMutableBufferPointer { words in
                            states.withUnsafeMutableBufferPointer { states in
                                var index = 1
                                while index < count {
                                    let depth = Int(depths[index])
                                    let next = recognizer.step(states[depth &- 1], bytes[index])
                                    if next == 0 {
                                        index = Int(ends[index])
                                        continue
                                    }
                                    let token = tokens[index]
                                    if token >= 0 {
                                        words[Int(token) >> 6] |= 1 << (UInt64(token) & 63)
                                        if hasDuplicates, let extra = duplicateTokens[Int32(index)] {
                                            for other in extra { words[Int(other) >> 6] |= 1 << (UInt64(other) & 63) }
                                        }
                                    }
                                    states[depth] = next
                                    index &+= 1
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
