/// Finds special tokens written literally in text, the way llama.cpp's
/// `tokenizer_st_partition` does.
///
/// llama.cpp takes the control, user-defined and unknown tokens longest first and, for each,
/// splits every still-plain stretch of text at its occurrences (left to right). Control and
/// unknown tokens take part only when special tokens are parsed; user-defined ones always do.
/// Rather than scanning the text once per special token (Gemma has over 6,000), this type
/// finds every occurrence of every candidate in one pass over a byte trie, then accepts them in
/// llama.cpp's order (longer first, then lower id, then leftmost) where they do not overlap an
/// accepted one: the same result, in time linear in the text.
struct SpecialTokenMatcher: Sendable {
    enum Fragment: Equatable {
        case text(Range<Int>)
        case token(Int32)
    }

    private struct Node: Sendable {
        var children: [UInt8: Int32] = [:]
        var token: Int32 = -1
        var alwaysMatched = false
    }

    private var nodes: [Node] = [Node()]

    /// - parameter candidates: `(id, text bytes, alwaysMatched)`; `alwaysMatched` is true for
    ///   user-defined tokens, which are found even when special tokens are not parsed.
    init(candidates: [(id: Int32, text: ArraySlice<UInt8>, alwaysMatched: Bool)]) {
        for candidate in candidates where !candidate.text.isEmpty {
            var node = 0
            for byte in candidate.text {
                if let child = nodes[node].children[byte] {
                    node = Int(child)
                } else {
                    nodes.append(Node())
                    nodes[node].children[byte] = Int32(nodes.count - 1)
                    node = nodes.count - 1
                }
            }
            // For duplicate texts keep the lowest id.
            if nodes[node].token < 0 || candidate.id < nodes[node].token {
                nodes[node].token = candidate.id
                nodes[node].alwaysMatched = candidate.alwaysMatched
            }
        }
    }

    var isEmpty: Bool { nodes.count == 1 }

    /// Splits `text` into plain stretches and special tokens, in order.
    func partition(_ text: UnsafeBufferPointer<UInt8>, parseSpecial: Bool) -> [Fragment] {
        guard !isEmpty, !text.isEmpty else { return text.isEmpty ? [] : [.text(0..<text.count)] }
        struct Match { var start: Int; var length: Int; var token: Int32 }
        var matches: [Match] = []
        let root = nodes[0]
        for start in 0..<text.count {
            guard var node = root.children[text[start]].map(Int.init) else { continue }
            var end = start + 1
            while true {
                let current = nodes[node]
                if current.token >= 0, parseSpecial || current.alwaysMatched {
                    matches.append(Match(start: start, length: end - start, token: current.token))
                }
                guard end < text.count, let child = current.children[text[end]] else { break }
                node = Int(child)
                end += 1
            }
        }
        guard !matches.isEmpty else { return [.text(0..<text.count)] }
        matches.sort { a, b in
            if a.length != b.length { return a.length > b.length }
            if a.token != b.token { return a.token < b.token }
            return a.start < b.start
        }
        var claimed = [Bool](repeating: false, count: text.count)
        var accepted: [Match] = []
        for match in matches where !claimed[match.start..<match.start + match.length].contains(true) {
            for i in match.start..<match.start + match.length { claimed[i] = true }
            accepted.append(match)
        }
        accepted.sort { $0.start < $1.start }
        var fragments: [Fragment] = []
        var position = 0
        for match in accepted {
            if position < match.start { fragments.append(.text(position..<match.start)) }
            fragments.append(.token(match.token))
            position = match.start + match.length
        }
        if position < text.count { fragments.append(.text(position..<text.count)) }
        return fragments
    }
}
