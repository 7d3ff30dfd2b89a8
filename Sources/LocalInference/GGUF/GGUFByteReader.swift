import Foundation

/// A cursor over untrusted bytes: every read is bounds-checked and fails with a
/// ``GGUFError``, never a trap.
///
/// Invariant: `0 <= position <= count`. Reads check `count - position` (which cannot
/// underflow under the invariant) against the bytes they need before touching memory.
struct GGUFByteReader {
    let base: UnsafeRawPointer
    let count: Int
    let url: URL
    private(set) var position: Int = 0

    init(base: UnsafeRawPointer, count: Int, url: URL) {
        self.base = base
        self.count = count
        self.url = url
    }

    /// Bytes left after the cursor.
    var remaining: Int { count &- position }  // safe: position <= count

    func error(_ kind: GGUFError.Kind, at offset: Int? = nil, _ reason: String) -> GGUFError {
        GGUFError(kind: kind, url: url, offset: offset ?? position, reason: reason)
    }

    /// Fails with `.truncated` unless `n` bytes remain.
    func require(_ n: Int, for what: @autoclosure () -> String) throws(GGUFError) {
        guard n >= 0, n <= remaining else {
            throw error(.truncated, "file ends while reading \(what()): need \(n) bytes, \(remaining) left")
        }
    }

    mutating func skip(_ n: Int, for what: @autoclosure () -> String) throws(GGUFError) {
        try require(n, for: what())
        position &+= n
    }

    mutating func read<T: FixedWidthInteger>(_ type: T.Type, _ what: @autoclosure () -> String) throws(GGUFError) -> T {
        try require(MemoryLayout<T>.size, for: what())
        let value = base.loadUnaligned(fromByteOffset: position, as: T.self)
        position &+= MemoryLayout<T>.size
        return T(littleEndian: value)
    }

    mutating func readFloat(_ what: @autoclosure () -> String) throws(GGUFError) -> Float {
        Float(bitPattern: try read(UInt32.self, what()))
    }

    mutating func readDouble(_ what: @autoclosure () -> String) throws(GGUFError) -> Double {
        Double(bitPattern: try read(UInt64.self, what()))
    }

    /// Reads a u64 count and checks that `count * minimumElementSize` bytes could still follow
    /// and that it is at most `cap`.
    mutating func readCount(_ what: @autoclosure () -> String, minimumElementSize: Int, cap: Int) throws(GGUFError) -> Int {
        let start = position
        let raw = try read(UInt64.self, what())
        let limit = min(cap, remaining / max(minimumElementSize, 1))
        guard raw <= UInt64(limit) else {
            throw error(.absurdCount, at: start,
                        "\(what()) is \(raw); at most \(limit) fit in the \(remaining) bytes left (cap \(cap))")
        }
        return Int(raw)  // safe: raw <= limit <= Int.max
    }

    /// Reads a GGUF string: u64 byte length, then the bytes. Invalid UTF-8 is repaired with
    /// U+FFFD unless `strict`, in which case it fails with `.invalidString`.
    mutating func readString(_ what: @autoclosure () -> String, strict: Bool = false) throws(GGUFError) -> String {
        let start = position
        let length = try readCount("length of \(what())", minimumElementSize: 1, cap: GGUFLimits.maximumStringLength)
        let bytes = UnsafeRawBufferPointer(start: base + position, count: length)
        position &+= length  // safe: readCount checked length <= remaining
        if strict {
            guard let string = String(validating: bytes, as: UTF8.self) else {
                throw error(.invalidString, at: start, "\(what()) is not valid UTF-8")
            }
            return string
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Hard caps applied before allocating, whatever the file claims (ggml uses similar ones).
enum GGUFLimits {
    static let maximumStringLength = 1 << 30
    static let maximumArrayCount = 1 << 28
    static let maximumKeyValueCount = 1 << 20
    static let maximumTensorCount = 1 << 20
    static let maximumDimensions = 4
}
