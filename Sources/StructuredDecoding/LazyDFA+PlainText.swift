extension LazyDFA {
    /// The largest n (capped at `limit`) such that every plain string of up to n characters
    /// keeps `state` alive: a breadth-first search by characters over the DFA, stopping early
    /// when a level repeats (then every length is safe). Cached per state.
    mutating func plainSafeCharacters(_ state: Int32, limit: Int) -> Int {
        if let known = plainSafety[state] { return known }
        var result = limit
        var level: [Int32] = [state]
        search: for depth in 0..<limit {
            if depth == TokenSlices.searchDepth { result = depth; break }
            var next: [Int32] = []
            for from in level {
                guard let successors = plainSuccessors(from) else { result = depth; break search }
                for target in successors where !next.contains(target) { next.append(target) }
                if next.count > 64 { result = depth + 1; break search }
            }
            next.sort()
            if next == level { break }  // a fixed point: safe at every length
            level = next
        }
        plainSafety[state] = result
        return result
    }

    /// The states one plain character leads to from `state`, or nil when some plain character
    /// is dead there. Cached per state.
    private mutating func plainSuccessors(_ state: Int32) -> [Int32]? {
        if let known = plainSuccessorCache[state] { return known.isEmpty ? nil : known }
        var result: [Int32] = []
        var dead = false
        search: for sequence in TokenSlices.plainCharacterSequences {
            var current: [Int32] = [state]
            for range in sequence {
                var stepped: [Int32] = []
                for source in current {
                    var last: Int32 = -1
                    for byte in range {
                        let target = step(source, byte)
                        if target == 0 { dead = true; break search }
                        if target != last, !stepped.contains(target) { stepped.append(target) }
                        last = target
                    }
                }
                current = stepped
            }
            for target in current where !result.contains(target) { result.append(target) }
        }
        result.sort()
        plainSuccessorCache[state] = dead ? [] : result
        return dead ? nil : result
    }
}
