/// The tokens a turn has generated so far, for the usage of its snapshots. Set and read only
/// by the one decode that owns it, on one thread at a time; `@unchecked Sendable` for the
/// `@Sendable` update closure that reads it.
final class GeneratedTokenCount: @unchecked Sendable {
    var count = 0
}

/// Collects token bytes and exposes the longest prefix that is whole UTF-8.
struct UTF8Accumulator {
    private var bytes: [UInt8] = []

    mutating func append(_ newBytes: [UInt8]) { bytes.append(contentsOf: newBytes) }

    /// The text so far, holding back a trailing incomplete character.
    var text: String {
        var end = bytes.count
        var continuation = 0
        while end > 0, continuation < 3, bytes[end - 1] & 0xC0 == 0x80 { end -= 1; continuation += 1 }
        if end > 0, bytes[end - 1] >= 0xC0 {
            let lead = bytes[end - 1]
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            end = continuation + 1 < length ? end - 1 : bytes.count
        } else {
            end = bytes.count
        }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
}
