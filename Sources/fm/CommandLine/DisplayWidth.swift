/// How many terminal columns text takes: East Asian wide and emoji characters two, combining
/// marks none, escape sequences (colour) none, everything else one.
enum DisplayWidth {
    static func of(_ text: String) -> Int { of(Array(text)[...]) }

    static func of(_ characters: ArraySlice<Character>) -> Int {
        var width = 0
        var inEscape = false
        for character in characters {
            if inEscape {
                if let ascii = character.asciiValue, (0x40...0x7E).contains(ascii), character != "[" { inEscape = false }
                continue
            }
            if character == "\u{1B}" { inEscape = true; continue }
            guard let scalar = character.unicodeScalars.first else { continue }
            width += columns(of: scalar)
        }
        return width
    }

    static func columns(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x300...0x36F).contains(value) || (0x200B...0x200F).contains(value) { return 0 }
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
        ]
        return wide.contains { $0.contains(value) } ? 2 : 1
    }
}
