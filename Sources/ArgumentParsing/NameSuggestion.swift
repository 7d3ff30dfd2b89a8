/// The declared name closest to a mistyped one, for "did you mean" in errors (public for
/// commands that read words of their own, such as `fm schema object`).
public enum NameSuggestion {
    /// The candidate within a small edit distance of `typed` (adjacent swaps count as one
    /// edit), or the only candidate `typed` is a prefix of (3 characters or more); nil when
    /// nothing is close. Ties go to the earlier candidate.
    public static func nearest(to typed: String, in candidates: [String]) -> String? {
        let typedLower = typed.lowercased()
        let limit = max(1, min(3, typed.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typedLower, candidate.lowercased())
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        if let best { return best.name }
        let prefixed = candidates.filter { $0.lowercased().hasPrefix(typedLower) }
        return typed.count >= 3 && prefixed.count == 1 ? prefixed[0] : nil
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// two adjacent characters each cost one.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, table[i - 2][j - 2] + 1)
                }
                table[i][j] = value
            }
        }
        return table[a.count][b.count]
    }
}
