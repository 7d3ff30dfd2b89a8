/// Finds special tokens written literally in text, the way llama.cpp's
/// `tokenizer_st_partition` does.
///
/// llama.cpp takes the control, user-defined and unknown tokens longest first and, for each,
/// splits every still-plain stretch of text at its occurrences (left to right). Control and
/// unknown tokens take part only when special tokens are parsed; user-defined ones always do.
/// Rather than scanning the text once per special token (Gemma has over 6,000), this type
/// walks a byte trie once from every position to find where any candidate starts and which
/// lengths occur, then, for each occurring length from the longest down, collects the matches
/// of that length and accepts them in llama.cpp's order (lower id, then leftmost) where they
/// do not overlap an accepted one: the same result, with memory linear in the text (a run of
/// 300k newlines, where every position starts 31 user-defined tokens, stays small).
struct SpecialTokenMatcher: Sendable {
    enum Fragment: Equatable {
        case text(Range<Int>)
        case token(Int32)
    }

    /// Child of the root for each first byte (-1: none), so most text bytes cost one load.
    private var rootChildren = [Int32](repeating: -1, count: 256)
    /// Children of the other nodes, keyed by `node << 8 | byte`.
    private var children: [Int: Int32] = [:]
    /// Token ending at each node (-1: none), and whether it is matched without parseSpecial.
    private var nodeTokens: [Int32] = [-1]
    private var nodeAlwaysMatched: [Bool] = [false]
    /// Length of the longest candidate text.
    private var maximumLength = 0

    /// - parameter candidates: `(id, text bytes, alwaysMatched)`; `alwaysMatched` is true for
    ///   user-defined tokens, which are found even when special tokens are not parsed.
    init(candidates: [(id: Int32, text: ArraySlice<UInt8>, alwaysMatched: Bool)]) {
        for candidate in candidates where !candidate.text.isEmpty {
            var node = 0
            for byte in candidate.text {
                let existing = node == 0 ? rootChildren[Int(byte)] : (children[node << 8 | Int(byte)] ?? -1)
                if existing >= 0 {
                    node = Int(existing)
                    continue
                }
                let created = Int32(nodeTokens.count)
                nodeTokens.append(-1)
                nodeAlwaysMatched.append(false)
                if node == 0 { rootChildren[Int(byte)] = created } else { children[node << 8 | Int(byte)] = created }
                node = Int(created)
            }
            maximumLength = max(maximumLength, candidate.text.count)
            // For duplicate texts keep the lowest id.
            if nodeTokens[node] < 0 || candidate.id < nodeTokens[node] {
                nodeTokens[node] = candidate.id
                nodeAlwaysMatched[node] = candidate.alwaysMatched
            }
        }
    }

    var isEmpty: Bool { nodeTokens.count == 1 }

    /// The eligible token spelled by exactly `text[start..<start + length]`, or -1.
    private func token(at start: Int, length: Int, in text: UnsafeBufferPointer<UInt8>, parseSpecial: Bool) -> Int32 {
        var node = Int(rootChildren[Int(text[start])])
        var end = start + 1
        while node > 0, end < start + length {
            guard let child = children[node << 8 | Int(text[end])] else { return -1 }
            node = Int(child)
            end += 1
        }
        guard node > 0, parseSpecial || nodeAlwaysMatched[node] else { return -1 }
        return nodeTokens[node]
    }

    /// Splits `text` into plain stretches and special tokens, in order.
    func partition(_ text: UnsafeBufferPointer<UInt8>, parseSpecial: Bool) -> [Fragment] {
        guard !text.isEmpty else { return [] }
        guard !isEmpty else { return [.text(0..<text.count)] }
        // Pass 1: where does any eligible token start, and which lengths occur?
        var starts: [Int] = []
        var lengthOccurs = [Bool](repeating: false, count: maximumLength + 1)
        for start in 0..<text.count {
            var node = Int(rootChildren[Int(text[start])])
            var end = start + 1
            var found = false
            while node > 0 {
                if nodeTokens[node] >= 0, parseSpecial || nodeAlwaysMatched[node] {
                    found = true
                    lengthOccurs[end - start] = true
                }
                guard end < text.count, let child = children[node << 8 | Int(text[end])] else { break }
                node = Int(child)
                end += 1
            }
            if found { starts.append(start) }
        }
        guard !starts.isEmpty else { return [.text(0..<text.count)] }

        // Pass 2: longest first; within a length, lower id first, then leftmost.
        struct Match { var start: Int; var length: Int; var token: Int32 }
        var claimed = [Bool](repeating: false, count: text.count)
        var accepted: [Match] = []
        var level: [Match] = []
        for length in stride(from: maximumLength, through: 1, by: -1) where lengthOccurs[length] {
            level.removeAll(keepingCapacity: true)
            for start in starts where start + length <= text.count && !claimed[start] {
                let token = token(at: start, length: length, in: text, parseSpecial: parseSpecial)
                if token >= 0 { level.append(Match(start: start, length: length, token: token)) }
            }
            if level.contains(where: { $0.token != level[0].token }) {
                level.sort { $0.token != $1.token ? $0.token < $1.token : $0.start < $1.start }
            }
            for match in level where !claimed[match.start..<match.start + length].contains(true) {
                for i in match.start..<match.start + length { claimed[i] = true }
                accepted.append(match)
            }
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
