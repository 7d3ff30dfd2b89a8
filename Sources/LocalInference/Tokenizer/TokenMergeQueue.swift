/// A binary min-heap of candidate merges: `pop()` returns the smallest element by `<`.
///
/// The merge loops of both BPE tokenizers use it so that a word of n symbols costs
/// O(n log n), not O(n²), whatever the input.
struct TokenMergeQueue<Element: Comparable> {
    private var storage: [Element] = []

    init() {}

    var isEmpty: Bool { storage.isEmpty }

    mutating func removeAll() { storage.removeAll(keepingCapacity: true) }

    mutating func push(_ element: Element) {
        storage.append(element)
        var child = storage.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard storage[child] < storage[parent] else { break }
            storage.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> Element? {
        guard !storage.isEmpty else { return nil }
        storage.swapAt(0, storage.count - 1)
        let top = storage.removeLast()
        var parent = 0
        let count = storage.count
        while true {
            let left = 2 * parent + 1
            guard left < count else { break }
            var smallest = left
            let right = left + 1
            if right < count, storage[right] < storage[left] { smallest = right }
            guard storage[smallest] < storage[parent] else { break }
            storage.swapAt(smallest, parent)
            parent = smallest
        }
        return top
    }
}
