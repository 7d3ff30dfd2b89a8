/// Byte-level BPE merge rules: an open-addressing table from a pair of token ids to the
/// rule's rank and the merged token.
///
/// The merge loop looks a pair up for every adjacent symbol pair, so this avoids `Dictionary`'s
/// seeded SipHash in favour of one multiply. Invariant: the capacity is a power of two, at least
/// twice the number of rules, so probing always reaches an empty slot.
struct MergeTable: Sendable {
    struct Merge: Sendable {
        var rank: Int32
        var result: Int32
    }

    /// `UInt64.max` marks an empty slot; real keys have both halves below 2^31.
    private var keys: [UInt64]
    private var merges: [Merge]
    private let mask: Int
    private let shift: UInt64

    init(minimumCapacity: Int) {
        var capacity = 16
        var bits: UInt64 = 4
        while capacity < minimumCapacity * 2 { capacity <<= 1; bits += 1 }
        keys = [UInt64](repeating: .max, count: capacity)
        merges = [Merge](repeating: Merge(rank: 0, result: 0), count: capacity)
        mask = capacity - 1
        shift = 64 - bits
    }

    @inline(__always) static func key(_ left: Int32, _ right: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: left)) << 32 | UInt64(UInt32(bitPattern: right))
    }

    @inline(__always) private func slot(for key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// Adds a rule unless the pair already has one (the earlier, lower rank wins).
    mutating func insertIfAbsent(left: Int32, right: Int32, _ merge: Merge) {
        let key = Self.key(left, right)
        var index = slot(for: key)
        while keys[index] != .max {
            if keys[index] == key { return }
            index = (index &+ 1) & mask
        }
        keys[index] = key
        merges[index] = merge
    }

    @inline(__always) func merge(_ left: Int32, _ right: Int32) -> Merge? {
        let key = Self.key(left, right)
        var index = slot(for: key)
        while true {
            let stored = keys[index]
            if stored == key { return merges[index] }
            if stored == .max { return nil }
            index = (index &+ 1) & mask
        }
    }
}
