extension ByteDFA {
    /// The minimal automaton of the same language (Hopcroft's partition refinement).
    ///
    /// Automata built state by state from a description (`NumberAutomaton` tracks positions and
    /// orders that often stop mattering) have many equivalent states; each costs NFA states and
    /// lazy-DFA states (and cached masks) in the grammar, so they are merged before use.
    /// States that cannot reach acceptance merge with the implicit dead state (-1).
    /// - Note: O(classes × states × log states): a few ms for 10,000 states.
    func minimized() -> ByteDFA {
        let count = stateCount
        guard count > 1 else { return self }
        // State `count` is the dead state made explicit, so that the automaton is complete.
        let total = count + 1
        func target(_ state: Int, _ byteClass: Int) -> Int {
            guard state < count else { return count }
            let next = transitions[state * classCount + byteClass]
            return next < 0 ? count : Int(next)
        }
        // Predecessors per class, as one offset table: sources of (class, target) are
        // sources[offsets[class * total + target] ..< offsets[class * total + target + 1]].
        var offsets = [Int](repeating: 0, count: classCount * total + 1)
        for state in 0..<total {
            for byteClass in 0..<classCount { offsets[byteClass * total + target(state, byteClass) + 1] += 1 }
        }
        for index in 1..<offsets.count { offsets[index] += offsets[index - 1] }
        var fill = offsets
        var sources = [Int32](repeating: 0, count: classCount * total)
        for state in 0..<total {
            for byteClass in 0..<classCount {
                let key = byteClass * total + target(state, byteClass)
                sources[fill[key]] = Int32(state)
                fill[key] += 1
            }
        }

        var partition = Partition(accepting: (0..<total).map { $0 < count && accepting[$0] })
        var waiting = Array(0..<partition.blockCount)
        var isWaiting = [Bool](repeating: true, count: partition.blockCount)
        var predecessors: [Int32] = []
        while let splitter = waiting.popLast() {
            isWaiting[splitter] = false
            let members = Array(partition.members(of: splitter))
            for byteClass in 0..<classCount {
                predecessors.removeAll(keepingCapacity: true)
                for state in members {
                    let key = byteClass * total + Int(state)
                    predecessors.append(contentsOf: sources[offsets[key]..<offsets[key + 1]])
                }
                guard !predecessors.isEmpty else { continue }
                for (block, split) in partition.split(by: predecessors) {
                    isWaiting.append(false)
                    if isWaiting[block] || partition.size(of: split) <= partition.size(of: block) {
                        waiting.append(split)
                        isWaiting[split] = true
                    } else {
                        waiting.append(block)
                        isWaiting[block] = true
                    }
                }
            }
        }

        // Renumber blocks from the start state's, breadth first; the dead block becomes -1.
        let dead = partition.block(of: count)
        var number = [Int32](repeating: -1, count: partition.blockCount)
        var representatives: [Int] = []
        func visit(_ state: Int) {
            let block = partition.block(of: state)
            guard block != dead, number[block] < 0 else { return }
            number[block] = Int32(representatives.count)
            representatives.append(state)
        }
        visit(0)
        guard !representatives.isEmpty else { return .empty }
        var cursor = 0
        while cursor < representatives.count {
            let state = representatives[cursor]
            cursor += 1
            for byteClass in 0..<classCount { visit(target(state, byteClass)) }
        }
        var newTransitions: [Int32] = []
        newTransitions.reserveCapacity(representatives.count * classCount)
        for state in representatives {
            for byteClass in 0..<classCount {
                let block = partition.block(of: target(state, byteClass))
                newTransitions.append(block == dead ? -1 : number[block])
            }
        }
        return ByteDFA(classOf: classOf, classCount: classCount, transitions: newTransitions,
                       accepting: representatives.map { accepting[$0] })
    }
}

/// A partition of `0..<n` into blocks, each a contiguous run of `elements`, refined by
/// marking the members of a set and splitting the marked part off every block it touches.
private struct Partition {
    private var elements: [Int32]
    private var location: [Int]
    private var blockOf: [Int]
    private var start: [Int] = []
    private var end: [Int] = []
    private var marked: [Int] = []

    /// Two initial blocks (one when all states agree): accepting and not.
    init(accepting: [Bool]) {
        let order = accepting.indices.filter { accepting[$0] } + accepting.indices.filter { !accepting[$0] }
        elements = order.map(Int32.init)
        location = [Int](repeating: 0, count: order.count)
        blockOf = [Int](repeating: 0, count: order.count)
        for (position, state) in order.enumerated() { location[state] = position }
        let acceptingCount = accepting.lazy.filter { $0 }.count
        for range in [0..<acceptingCount, acceptingCount..<order.count] where !range.isEmpty {
            for position in range { blockOf[order[position]] = start.count }
            start.append(range.lowerBound)
            end.append(range.upperBound)
            marked.append(0)
        }
    }

    var blockCount: Int { start.count }

    func block(of state: Int) -> Int { blockOf[state] }

    func size(of block: Int) -> Int { end[block] - start[block] }

    func members(of block: Int) -> ArraySlice<Int32> { elements[start[block]..<end[block]] }

    /// Splits every block that `states` partly covers; returns (old block, new block) pairs,
    /// the new block holding the members in `states`.
    mutating func split(by states: [Int32]) -> [(Int, Int)] {
        var touched: [Int] = []
        for state in states {
            let block = blockOf[Int(state)]
            let position = location[Int(state)]
            let boundary = start[block] + marked[block]
            guard position >= boundary else { continue }  // already marked
            if marked[block] == 0 { touched.append(block) }
            let other = elements[boundary]
            elements[boundary] = state
            elements[position] = other
            location[Int(state)] = boundary
            location[Int(other)] = position
            marked[block] += 1
        }
        var splits: [(Int, Int)] = []
        for block in touched {
            let count = marked[block]
            marked[block] = 0
            guard count < size(of: block) else { continue }
            let fresh = start.count
            start.append(start[block])
            end.append(start[block] + count)
            marked.append(0)
            start[block] += count
            for position in start[fresh]..<end[fresh] { blockOf[Int(elements[position])] = fresh }
            splits.append((block, fresh))
        }
        return splits
    }
}
