extension TokenTrie {
    /// The node whose path spells `prefix`, or nil when no token starts with those bytes.
    ///
    /// Walks down one level per byte; at each level the children are scanned in byte order,
    /// jumping over each child's subtree (`subtreeEnds`), so the cost is at most the node's
    /// child count per byte, not the vocabulary's size.
    func node(spelling prefix: some Collection<UInt8>) -> Int? {
        var node = 0
        for byte in prefix {
            let end = Int(subtreeEnds[node])
            var child = node &+ 1   // node < end <= nodeCount, so no overflow
            while child < end, bytes[child] < byte { child = Int(subtreeEnds[child]) }
            guard child < end, bytes[child] == byte else { return nil }
            node = child
        }
        return node
    }

    /// Whether some token of the trie spells `prefix` and goes on past it.
    func hasToken(extending prefix: some Collection<UInt8>) -> Bool {
        guard let node = node(spelling: prefix) else { return false }
        return Int(subtreeEnds[node]) > node &+ 1
    }
}
