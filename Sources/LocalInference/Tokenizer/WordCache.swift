/// Tokens of the pre-token pieces already encoded in one `encode` call: natural text repeats
/// its words, so most pieces skip the merge loop.
///
/// Keys and values live in two flat buffers and lookups hash the piece in place, so a hit
/// allocates nothing. Bounded (entries and piece length) so adversarial input cannot grow it
/// without limit.
struct WordCache {
    private struct Entry {
        var hash: UInt64
        var keyStart: Int32
        var keyCount: Int32
        var valueStart: Int32
        var valueCount: Int32
    }

    private static let maximumEntries = 1 << 15
    private static let maximumPieceLength = 48

    private var slots = [Int32](repeating: -1, count: 256)
    private var entries: [Entry] = []
    private var keyBytes: [UInt8] = []
    private var values: [Int32] = []

    /// Appends the cached tokens for `piece` to `output` and returns true, or returns false.
    func appendCached(_ piece: UnsafeBufferPointer<UInt8>, to output: inout [Int32]) -> Bool {
        guard piece.count <= Self.maximumPieceLength, !entries.isEmpty else { return false }
        let hash = ByteKeyedTable.hash(piece)
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entryIndex = slots[index]
            if entryIndex < 0 { return false }
            let entry = entries[Int(entryIndex)]
            if entry.hash == hash, Int(entry.keyCount) == piece.count,
               keyBytes[Int(entry.keyStart)..<Int(entry.keyStart + entry.keyCount)].elementsEqual(piece) {
                output.append(contentsOf: values[Int(entry.valueStart)..<Int(entry.valueStart + entry.valueCount)])
                return true
            }
            index = (index &+ 1) & mask
        }
    }

    mutating func insert(_ piece: UnsafeBufferPointer<UInt8>, _ tokens: ArraySlice<Int32>) {
        guard piece.count <= Self.maximumPieceLength, entries.count < Self.maximumEntries else { return }
        if (entries.count + 1) * 2 > slots.count { grow() }
        let entry = Entry(hash: ByteKeyedTable.hash(piece), keyStart: Int32(keyBytes.count), keyCount: Int32(piece.count),
                          valueStart: Int32(values.count), valueCount: Int32(tokens.count))
        keyBytes.append(contentsOf: piece)
        values.append(contentsOf: tokens)
        entries.append(entry)
        place(Int32(entries.count - 1), hash: entry.hash)
    }

    private mutating func place(_ entryIndex: Int32, hash: UInt64) {
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while slots[index] >= 0 { index = (index &+ 1) & mask }
        slots[index] = entryIndex
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        for (index, entry) in entries.enumerated() { place(Int32(index), hash: entry.hash) }
    }
}
