/// An open-addressing hash table from byte strings to token ids.
///
/// Keys are compared as raw bytes. Swift `String` equality would treat canonically
/// equivalent texts ("é" and "e\u{301}") as the same key, but they are different tokens.
/// Invariant: `slots.count` is a power of two and at least twice the number of keys, so
/// probing always reaches an empty slot.
struct ByteKeyedTable: Sendable {
    /// The concatenated key bytes; key `i` is `bytes[offsets[i]..<offsets[i + 1]]`.
    let bytes: [UInt8]
    let offsets: [Int]
    private var slots: [Int32]
    private let mask: Int

    /// Builds the table; for duplicate keys the last id wins, as in llama.cpp's `token_to_id`.
    init(bytes: [UInt8], offsets: [Int]) {
        self.bytes = bytes
        self.offsets = offsets
        let count = offsets.count - 1
        var capacity = 16
        while capacity < count * 2 { capacity <<= 1 }
        mask = capacity - 1
        slots = [Int32](repeating: -1, count: capacity)
        bytes.withUnsafeBufferPointer { all in
            for id in 0..<count {
                let key = UnsafeBufferPointer(rebasing: all[offsets[id]..<offsets[id + 1]])
                var slot = Int(truncatingIfNeeded: Self.hash(key)) & mask
                while true {
                    let existing = slots[slot]
                    if existing < 0 { slots[slot] = Int32(id); break }
                    let other = UnsafeBufferPointer(rebasing: all[offsets[Int(existing)]..<offsets[Int(existing) + 1]])
                    if other.elementsEqual(key) { slots[slot] = Int32(id); break }
                    slot = (slot &+ 1) & mask
                }
            }
        }
    }

    var count: Int { offsets.count - 1 }

    /// FNV-1a over the bytes, finished with a multiply-xorshift to spread low bits.
    @inline(__always)
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        h ^= h >> 29
        h = h &* 0xbf58_476d_1ce4_e5b9
        return h ^ (h >> 32)
    }

    /// The id whose key is exactly `key`, or `nil`.
    func id(for key: UnsafeBufferPointer<UInt8>) -> Int32? {
        bytes.withUnsafeBufferPointer { all in
            var slot = Int(truncatingIfNeeded: Self.hash(key)) & mask
            while true {
                let candidate = slots[slot]
                if candidate < 0 { return nil }
                let start = offsets[Int(candidate)], end = offsets[Int(candidate) + 1]
                if end - start == key.count,
                   UnsafeBufferPointer(rebasing: all[start..<end]).elementsEqual(key) {
                    return candidate
                }
                slot = (slot &+ 1) & mask
            }
        }
    }

    func id(for key: [UInt8]) -> Int32? {
        key.withUnsafeBufferPointer { id(for: $0) }
    }

    /// The key bytes of `id`.
    func key(_ id: Int) -> ArraySlice<UInt8> { bytes[offsets[id]..<offsets[id + 1]] }

    /// Concatenated byte strings without an index: entry `i` is `bytes[offsets[i]..<offsets[i + 1]]`.
    struct Storage: Sendable {
        var bytes: [UInt8] = []
        var offsets: [Int] = [0]

        mutating func append<C: Collection>(_ entry: C) where C.Element == UInt8 {
            bytes.append(contentsOf: entry)
            offsets.append(bytes.count)
        }

        var count: Int { offsets.count - 1 }

        func slice(_ i: Int) -> ArraySlice<UInt8> { bytes[offsets[i]..<offsets[i + 1]] }
    }
}
