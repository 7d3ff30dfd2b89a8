/// GPT-2's reversible byte-to-character mapping (`bytes_to_unicode`).
///
/// Byte-level BPE vocabularies spell every byte as a printable character: bytes 33...126,
/// 161...172 and 174...255 stand for themselves, the other 68 bytes become U+0100, U+0101, …
/// in byte order (so a space is "Ġ", U+0120, and a newline "Ċ", U+010A).
enum ByteLevelMapping {
    /// Character (as a scalar value) for each byte.
    static let scalarForByte: [UInt32] = {
        var table = [UInt32](repeating: 0, count: 256)
        var next: UInt32 = 256
        for byte in 0..<256 {
            if (33...126).contains(byte) || (161...172).contains(byte) || (174...255).contains(byte) {
                table[byte] = UInt32(byte)
            } else {
                table[byte] = next
                next += 1
            }
        }
        return table
    }()

    /// Byte for a mapped character, or `nil` if the character is not part of the mapping.
    static func byte(for scalar: UInt32) -> UInt8? {
        if scalar < 256 {
            let byte = Int(scalar)
            if (33...126).contains(byte) || (161...172).contains(byte) || (174...255).contains(byte) {
                return UInt8(byte)
            }
            return nil
        }
        guard scalar < 256 + 68 else { return nil }
        return unmappedBytes[Int(scalar - 256)]
    }

    private static let unmappedBytes: [UInt8] = (0..<256).compactMap { byte -> UInt8? in
        if (33...126).contains(byte) || (161...172).contains(byte) || (174...255).contains(byte) { return nil }
        return UInt8(byte)
    }

    /// Undoes the mapping for a vocabulary entry; characters outside the mapping are kept as
    /// their UTF-8 bytes.
    static func decode(_ text: String) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let byte = byte(for: scalar.value) {
                result.append(byte)
            } else {
                result.append(contentsOf: String(scalar).utf8)
            }
        }
        return result
    }

    /// Applies the mapping to raw bytes, giving the vocabulary spelling (UTF-8).
    static func encode(_ bytes: UnsafeBufferPointer<UInt8>, into result: inout [UInt8]) {
        for byte in bytes {
            let scalar = scalarForByte[Int(byte)]
            if scalar < 0x80 {
                result.append(UInt8(scalar))
            } else {
                // Every mapped scalar is below U+0800: two UTF-8 bytes.
                result.append(UInt8(0xC0 | (scalar >> 6)))
                result.append(UInt8(0x80 | (scalar & 0x3F)))
            }
        }
    }
}
