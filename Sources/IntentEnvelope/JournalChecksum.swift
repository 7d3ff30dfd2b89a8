/// The CRC-32 that seals each journal line, so that a committed line whose bytes changed (a
/// sector torn by a power loss, a flipped bit, a hand edit) is reported instead of trusted.
///
/// A sealed line is the envelope's compact JSON with one last member:
///
/// ```
/// {"source":"foundation-models",…,"parameters":{…},"crc32":"1a2b3c4d"}
/// ```
///
/// so the journal stays JSON Lines, one object per line. The checksum (CRC-32/ISO-HDLC, zlib's
/// `crc32`) covers the line without that member: the envelope's JSON exactly as
/// `Envelope.json.serialized()` wrote it. Lines without the member (journals written before
/// checksums, or by hand) are read as before.
enum JournalChecksum {
    /// What precedes the eight hex digits; the line then ends with `"}`.
    static let memberPrefix = Array(#","crc32":""#.utf8)
    /// Bytes the seal adds in place of the closing brace.
    static let sealLength = memberPrefix.count + 8 + 2

    /// `json` (an object with at least one member) with the checksum member appended; other
    /// text unchanged.
    static func seal(_ json: String) -> String {
        var bytes = Array(json.utf8)
        guard bytes.count > 2, bytes.first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}") else { return json }
        let checksum = crc32(bytes)
        bytes.removeLast()
        bytes += memberPrefix
        bytes += hex(checksum)
        bytes += Array(#""}"#.utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The envelope's JSON and the checksum stored with it, for a sealed line; nil for a line
    /// without a seal.
    static func unseal(_ line: ArraySlice<UInt8>) -> (body: [UInt8], stored: UInt32)? {
        guard line.count > sealLength + 1 else { return nil }
        let seal = line.suffix(sealLength)
        guard seal.starts(with: memberPrefix), seal.suffix(2).elementsEqual(#""}"#.utf8) else { return nil }
        var stored: UInt32 = 0
        for byte in seal.dropFirst(memberPrefix.count).prefix(8) {
            guard let digit = hexValue(byte) else { return nil }
            stored = stored << 4 | digit
        }
        return (Array(line.dropLast(sealLength)) + [UInt8(ascii: "}")], stored)
    }

    /// CRC-32/ISO-HDLC (polynomial 0xEDB88320 reflected, as zlib, PNG and gzip use).
    static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    private static func hex(_ value: UInt32) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        return (0..<8).reversed().map { digits[Int((value >> (UInt32($0) * 4)) & 0xF)] }
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        default: nil
        }
    }
}
