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

extension LazyDFA {
    /// A lower bound on `plainSafeCharacters` proven on the NFA, without building DFA states.
    ///
    /// A JSON string's character is emitted as one NFA branch per UTF-8 byte-range sequence, all
    /// meeting again where the next character starts. So from a string body, every plain
    /// character leads, along one path whose edges each cover a whole range, to one and the same
    /// closure: the "plain successor". Following that chain of successors counts the characters
    /// left (a `maxLength` string with n left gives n; a cycle means any length) with array
    /// lookups, where the breadth-first search builds every level's DFA states with their UTF-8
    /// and escape intermediates. Where no single successor exists (patterns, unions of string
    /// shapes) the bound stops there, and 0 sends the caller to the search. Sound: the closure
    /// is part of the state's configurations, so whatever it survives the state survives.
    mutating func plainPathSafeCharacters(_ state: Int32, limit: Int) -> Int {
        var current = plainSuccessor(of: members(of: state))
        var depth = 0
        var previous: Int32 = -1
        while current >= 0 {
            depth += 1
            if depth >= limit || current == previous { return limit }
            previous = current
            current = plainSuccessor(ofClosure: current)
        }
        return depth
    }

    private mutating func plainSuccessor(ofClosure id: Int32) -> Int32 {
        let known = plainClosureSuccessors[Int(id)]
        if known != -2 { return known }
        let successor = plainSuccessor(of: plainClosureSets[Int(id)])
        plainClosureSuccessors[Int(id)] = successor
        return successor
    }

    /// The id of the closure every plain character leads to from `members`, or -1 when some
    /// character is dead or the characters lead to different closures.
    private mutating func plainSuccessor(of members: [UInt64]) -> Int32 {
        var successor: Int32 = -1
        for sequence in TokenSlices.plainCharacterSequences {
            var ends: [UInt64] = []
            collectPlainPaths(from: members, sequence: sequence, position: 0, into: &ends)
            guard !ends.isEmpty else { return -1 }
            for seed in ends {
                let id = plainClosureID(of: seed)
                if successor == -1 {
                    successor = id
                } else if id != successor {
                    return -1
                }
            }
        }
        return successor
    }

    /// Adds the end configurations of the NFA paths from `members` whose edges each cover the
    /// whole range of `sequence[position...]`.
    private mutating func collectPlainPaths(from members: [UInt64], sequence: [ClosedRange<UInt8>], position: Int,
                                            into ends: inout [UInt64]) {
        let range = sequence[position]
        for configuration in members {
            let state = Int(configuration >> 32)
            let stack = configuration & 0xFFFF_FFFF
            for edge in Int(nfa.edgeStarts[state])..<Int(nfa.edgeStarts[state + 1])
            where nfa.edgeLows[edge] <= range.lowerBound && range.upperBound <= nfa.edgeHighs[edge] {
                let seed = (UInt64(UInt32(bitPattern: nfa.edgeTargets[edge])) << 32) | stack
                if position + 1 == sequence.count {
                    if !ends.contains(seed) { ends.append(seed) }
                } else {
                    collectPlainPaths(from: singleClosure(seed), sequence: sequence, position: position + 1, into: &ends)
                }
            }
        }
    }

    /// Interns the closure of `seed` by content, so paths that meet again get one id.
    private mutating func plainClosureID(of seed: UInt64) -> Int32 {
        if let id = plainClosureOfSeed[seed] { return id }
        let set = singleClosure(seed)
        let id: Int32
        if let known = plainClosureIDs[set] {
            id = known
        } else {
            id = Int32(plainClosureSets.count)
            plainClosureSets.append(set)
            plainClosureSuccessors.append(-2)
            plainClosureBounds.append(.unknown)
            plainClosureInProgress.append(false)
            plainClosureCleanliness.append(-1)
            plainClosureIDs[set] = id
        }
        plainClosureOfSeed[seed] = id
        return id
    }
}

extension LazyDFA {
    /// The general form of `plainPathSafeCharacters`, for states where plain characters lead to
    /// different closures: a key that may still leave the excluded-key trie goes to a child node
    /// on some characters and to a free string on the others. It proves safety for ASCII plain
    /// text only (`TokenSlices.asciiSlices` go with it): in a trie every node calls the shared
    /// non-ASCII rule with its own return stack, so covering UTF-8 would cost several closures
    /// per node and sequence, while the vocabulary has few non-ASCII plain tokens to walk.
    ///
    /// Each plain character's byte ranges are cut where the NFA edges cut them; every piece must
    /// be read by some path, and the bound is one more than the worst piece's best path. Closures
    /// are interned and their bounds memoized across states (the trie is shared by every key
    /// position of an object). A closure that leads only to itself is safe at every length; any
    /// other cycle is assumed safe while it is being evaluated and the answers that relied on
    /// the assumption are not memoized. Past `budget` closure evaluations it gives up (0).
    mutating func branchingASCIISafeCharacters(_ state: Int32, limit: Int, budget: Int) -> Int {
        var search = PlainBoundSearch(budget: budget)
        let bound = plainBound(of: members(of: state), want: limit, evaluating: -1, search: &search)
        return search.exhausted ? 0 : bound
    }

    private mutating func plainBound(of members: [UInt64], want: Int, evaluating: Int32,
                                     search: inout PlainBoundSearch) -> Int {
        guard want > 0 else { return 0 }
        var result = want
        for sequence in TokenSlices.asciiCharacterSequences {
            result = min(result, plainBound(of: members, sequence: sequence, position: 0, want: result,
                                            evaluating: evaluating, search: &search))
            if result == 0 { break }
        }
        return result
    }

    /// The worst piece's best path for `sequence[position...]` read from `members`.
    private mutating func plainBound(of members: [UInt64], sequence: [ClosedRange<UInt8>], position: Int, want: Int,
                                     evaluating: Int32, search: inout PlainBoundSearch) -> Int {
        let range = sequence[position]
        // Piece boundaries: where an edge overlapping the range starts or ends inside it.
        var cuts: [UInt8] = [range.lowerBound]
        for configuration in members {
            let state = Int(configuration >> 32)
            for edge in Int(nfa.edgeStarts[state])..<Int(nfa.edgeStarts[state + 1]) {
                let low = nfa.edgeLows[edge], high = nfa.edgeHighs[edge]
                if low > range.lowerBound && low <= range.upperBound && !cuts.contains(low) { cuts.append(low) }
                if high >= range.lowerBound && high < range.upperBound && !cuts.contains(high + 1) { cuts.append(high + 1) }
            }
        }
        cuts.sort()
        var result = want
        for (index, low) in cuts.enumerated() {
            let high = index + 1 < cuts.count ? cuts[index + 1] - 1 : range.upperBound
            var best = 0
            pieces: for configuration in members {
                let state = Int(configuration >> 32)
                let stack = configuration & 0xFFFF_FFFF
                for edge in Int(nfa.edgeStarts[state])..<Int(nfa.edgeStarts[state + 1])
                where nfa.edgeLows[edge] <= low && high <= nfa.edgeHighs[edge] {
                    let seed = (UInt64(UInt32(bitPattern: nfa.edgeTargets[edge])) << 32) | stack
                    let value = position + 1 == sequence.count
                        ? 1 + closurePlainBound(plainClosureID(of: seed), want: result - 1, evaluating: evaluating, search: &search)
                        : plainBound(of: singleClosure(seed), sequence: sequence, position: position + 1, want: result,
                                     evaluating: evaluating, search: &search)
                    best = max(best, value)
                    if best >= result { break pieces }
                }
            }
            result = min(result, best)
            if result == 0 { return 0 }
        }
        return result
    }

    private mutating func closurePlainBound(_ id: Int32, want: Int, evaluating: Int32, search: inout PlainBoundSearch) -> Int {
        guard want > 0 else { return 0 }
        let index = Int(id)
        let known = plainClosureBounds[index]
        if known.value >= 0, known.exact || known.value >= want { return min(known.value, want) }
        if id == evaluating { return want }  // a closure that leads to itself
        if plainClosureInProgress[index] {
            search.reliedOnAssumption = true
            return want
        }
        search.budget -= 1
        if search.budget < 0 {
            search.exhausted = true
            return 0
        }
        let outer = search.reliedOnAssumption
        search.reliedOnAssumption = false
        plainClosureInProgress[index] = true
        let value = plainBound(of: plainClosureSets[index], want: want, evaluating: id, search: &search)
        plainClosureInProgress[index] = false
        if !search.reliedOnAssumption && !search.exhausted {
            plainClosureBounds[index] = PlainBound(value: max(value, known.value), exact: value < want)
        }
        search.reliedOnAssumption = search.reliedOnAssumption || outer
        return value
    }
}

extension LazyDFA {
    /// The exact number of plain characters `state` can still read, when the plain successor
    /// chain decides it alone: at every step each NFA edge that touches a plain character's byte
    /// range covers the whole range (so the DFA's next state is exactly the chain's next
    /// closure), and the chain ends in a closure with no edge on any plain character. Then a plain
    /// token is allowed exactly when it has at most that many characters, and a mask needs only
    /// the per-length bitmask plus a walk of the non-plain tokens. That is the case in every
    /// JSON string body that must end within `limit` characters (`maxLength`, and the closing
    /// quote itself, with 0); nil elsewhere.
    mutating func plainExactCharacters(_ state: Int32, limit: Int) -> Int? {
        let members = members(of: state)
        guard plainClean(members) else { return nil }
        if plainDead(members) { return 0 }
        var current = plainSuccessor(of: members)
        var depth = 0
        while current >= 0 {
            depth += 1
            guard depth < limit, plainClosureClean(current) else { return nil }
            let index = Int(current)
            if plainDead(plainClosureSets[index]) { return depth }
            let next = plainSuccessor(ofClosure: current)
            if next == current { return nil }
            current = next
        }
        return nil
    }

    private mutating func plainClosureClean(_ id: Int32) -> Bool {
        let known = plainClosureCleanliness[Int(id)]
        if known >= 0 { return known == 1 }
        let clean = plainClean(plainClosureSets[Int(id)])
        plainClosureCleanliness[Int(id)] = clean ? 1 : 0
        return clean
    }

    /// No plain character's first byte is on any edge of `members`.
    private func plainDead(_ members: [UInt64]) -> Bool {
        for configuration in members {
            let state = Int(configuration >> 32)
            for edge in Int(nfa.edgeStarts[state])..<Int(nfa.edgeStarts[state + 1]) {
                for sequence in TokenSlices.plainCharacterSequences
                where nfa.edgeLows[edge] <= sequence[0].upperBound && sequence[0].lowerBound <= nfa.edgeHighs[edge] {
                    return false
                }
            }
        }
        return true
    }

    /// Every edge of `members` that touches a plain character's byte range covers all of it, at
    /// every byte of the character.
    private mutating func plainClean(_ members: [UInt64]) -> Bool {
        for sequence in TokenSlices.plainCharacterSequences where !plainClean(members, sequence: sequence, position: 0) {
            return false
        }
        return true
    }

    private mutating func plainClean(_ members: [UInt64], sequence: [ClosedRange<UInt8>], position: Int) -> Bool {
        let range = sequence[position]
        for configuration in members {
            let state = Int(configuration >> 32)
            let stack = configuration & 0xFFFF_FFFF
            for edge in Int(nfa.edgeStarts[state])..<Int(nfa.edgeStarts[state + 1]) {
                let low = nfa.edgeLows[edge], high = nfa.edgeHighs[edge]
                guard low <= range.upperBound && range.lowerBound <= high else { continue }
                guard low <= range.lowerBound && range.upperBound <= high else { return false }
                if position + 1 < sequence.count {
                    let seed = (UInt64(UInt32(bitPattern: nfa.edgeTargets[edge])) << 32) | stack
                    guard plainClean(singleClosure(seed), sequence: sequence, position: position + 1) else { return false }
                }
            }
        }
        return true
    }
}
