import JSONCore
/// Backtracking matcher for `RegexNode` in continuation-passing style: `match(node, i, k)`
/// tries every way `node` can match at `i` and calls `k` with each end position until `k`
/// accepts. Captures are saved and restored around every attempt.
final class RegexMatcher {
    let input: [Unicode.Scalar]
    var captures: [Range<Int>?]
    let groupNames: [String: Int]
    /// Steps taken so far, checked against `ECMARegex.stepBudget`.
    private(set) var steps = 0
    /// Current and maximum recursion depth; past the maximum, matching gives up and
    /// `exceededDepth` says so (the caller retries on a bigger stack).
    private var depth = 0
    let depthLimit: Int
    private(set) var exceededDepth = false

    init(input: [Unicode.Scalar], captureCount: Int, groupNames: [String: Int], depthLimit: Int) {
        self.input = input
        self.captures = Array(repeating: nil, count: captureCount + 1)
        self.groupNames = groupNames
        self.depthLimit = depthLimit
    }

    func match(_ node: RegexNode, _ i: Int, _ k: (Int) -> Bool) -> Bool {
        steps += 1
        if steps > ECMARegex.stepBudget || exceededDepth { return false }
        depth += 1
        defer { depth -= 1 }
        if depth > depthLimit {
            exceededDepth = true
            return false
        }
        switch node {
        case .empty:
            return k(i)
        case .scalar(let scalar):
            return i < input.count && input[i] == scalar && k(i + 1)
        case .any:
            guard i < input.count else { return false }
            switch input[i] {
            case "\n", "\r", "\u{2028}", "\u{2029}": return false
            default: return k(i + 1)
            }
        case .set(let set):
            return i < input.count && set.contains(input[i]) && k(i + 1)
        case .start:
            return i == 0 && k(i)
        case .end:
            return i == input.count && k(i)
        case .wordBoundary(let negated):
            let before = i > 0 && RegexCharacterSet.isWord(input[i - 1])
            let after = i < input.count && RegexCharacterSet.isWord(input[i])
            return ((before != after) != negated) && k(i)
        case .group(let body, let capture):
            guard let capture else { return match(body, i, k) }
            let saved = captures[capture]
            if match(body, i, { end in
                let inner = captures[capture]
                captures[capture] = i..<end
                if k(end) { return true }
                captures[capture] = inner
                return false
            }) { return true }
            captures[capture] = saved
            return false
        case .look(let body, let ahead, let negated):
            let saved = captures
            var found: Bool
            if ahead {
                found = match(body, i) { _ in true }
            } else {
                found = false
                for start in stride(from: i, through: 0, by: -1) where match(body, start, { $0 == i }) {
                    found = true
                    break
                }
            }
            if negated {
                captures = saved
                return !found && k(i)
            }
            guard found else { captures = saved; return false }
            if k(i) { return true }
            captures = saved
            return false
        case .backReference(let number):
            return matchCapture(number, i, k)
        case .namedBackReference(let name):
            return matchCapture(groupNames[name] ?? 0, i, k)
        case .sequence(let items):
            return matchSequence(items[...], i, k)
        case .alternation(let branches):
            for branch in branches where match(branch, i, k) { return true }
            return false
        case .quantified(let body, let min, let max, let greedy):
            return matchRepeat(body, min: min, max: max, greedy: greedy, count: 0, i, k)
        }
    }

    private func matchSequence(_ items: ArraySlice<RegexNode>, _ i: Int, _ k: (Int) -> Bool) -> Bool {
        // Leading single-scalar items match in exactly one way: consume them without recursing.
        var items = items
        var i = i
        while let first = items.first, let matched = singleScalarMatch(first, at: i) {
            guard matched else { return false }
            items = items.dropFirst()
            i += 1
        }
        guard let first = items.first else { return k(i) }
        return match(first, i) { next in matchSequence(items.dropFirst(), next, k) }
    }

    /// Whether `node` matches exactly one scalar (so repetition needs no recursion).
    private func singleScalarMatch(_ node: RegexNode, at i: Int) -> Bool? {
        switch node {
        case .scalar(let scalar): return i < input.count && input[i] == scalar
        case .set(let set): return i < input.count && set.contains(input[i])
        case .any:
            guard i < input.count else { return false }
            switch input[i] {
            case "\n", "\r", "\u{2028}", "\u{2029}": return false
            default: return true
            }
        default: return nil
        }
    }

    private func matchRepeat(_ body: RegexNode, min: Int, max: Int?, greedy: Bool, count: Int, _ i: Int, _ k: (Int) -> Bool) -> Bool {
        if count == 0, singleScalarMatch(body, at: i) != nil {
            // One scalar per iteration: count how far it can go, then try the continuation
            // at each length, longest first (greedy) or shortest first (lazy). No recursion per scalar.
            var reach = 0
            while max.map({ reach < $0 }) ?? true, singleScalarMatch(body, at: i + reach) == true { reach += 1 }
            guard reach >= min else { return false }
            let lengths = greedy ? Array(stride(from: reach, through: min, by: -1)) : Array(min...reach)
            for length in lengths {
                steps += 1
                if steps > ECMARegex.stepBudget { return false }
                if k(i + length) { return true }
            }
            return false
        }
        if let max, count >= max { return k(i) }
        if count < min {
            return match(body, i) { next in matchRepeat(body, min: min, max: max, greedy: greedy, count: count + 1, next, k) }
        }
        // Past the minimum an iteration must consume input, or `(a*)*` would loop forever.
        func another() -> Bool {
            match(body, i) { next in
                next != i && matchRepeat(body, min: min, max: max, greedy: greedy, count: count + 1, next, k)
            }
        }
        if greedy { return another() || k(i) }
        return k(i) || another()
    }

    private func matchCapture(_ number: Int, _ i: Int, _ k: (Int) -> Bool) -> Bool {
        guard number < captures.count, let range = captures[number] else { return k(i) }
        let length = range.count
        guard i + length <= input.count else { return false }
        for offset in 0..<length where input[range.lowerBound + offset] != input[i + offset] { return false }
        return k(i + length)
    }
}
