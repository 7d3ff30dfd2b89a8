import Foundation

extension LineEditor {
    /// One key press, decoded from the bytes a terminal sends.
    enum Key: Equatable {
        case character(Character)
        case enter, interrupt, endOfInput
        case backspace, delete
        case left, right, up, down, home, end, wordLeft, wordRight
        case killToEnd, killToStart, killWord, clearScreen
        /// A control byte or escape sequence the editor does not use.
        case ignored
    }

    /// Reads and decodes the next key: control bytes, `ESC [ …` / `ESC O …` sequences, Alt
    /// (`ESC b`/`ESC f`), and UTF-8 text (an invalid byte reads as U+FFFD). Nil at the end of input.
    func readKey() -> Key? {
        guard let byte = readByte() else { return nil }
        switch byte {
        case 0x0D, 0x0A: return .enter
        case 0x03: return .interrupt
        case 0x04: return .endOfInput
        case 0x7F, 0x08: return .backspace
        case 0x01: return .home
        case 0x05: return .end
        case 0x02: return .left
        case 0x06: return .right
        case 0x10: return .up
        case 0x0E: return .down
        case 0x0B: return .killToEnd
        case 0x15: return .killToStart
        case 0x17: return .killWord
        case 0x0C: return .clearScreen
        case 0x1B: return readEscapeSequence()
        case 0x00..<0x20: return .ignored
        default: return .character(readCharacter(startingWith: byte))
        }
    }

    private func readEscapeSequence() -> Key {
        guard let first = readByte() else { return .ignored }
        switch first {
        case UInt8(ascii: "b"): return .wordLeft
        case UInt8(ascii: "f"): return .wordRight
        case UInt8(ascii: "O"):
            guard let final = readByte() else { return .ignored }
            return Self.cursorKey(final) ?? .ignored
        case UInt8(ascii: "["):
            // CSI: parameter bytes (digits, ';') then one final byte.
            var parameters = ""
            while let next = readByte() {
                if (0x30...0x3F).contains(next) { parameters.append(Character(Unicode.Scalar(next))); continue }
                if next == UInt8(ascii: "~") {
                    switch parameters.split(separator: ";").first {
                    case "1", "7": return .home
                    case "4", "8": return .end
                    case "3": return .delete
                    default: return .ignored
                    }
                }
                // `ESC [ 1 ; 5 C` (Ctrl-→) moves by word.
                if parameters.hasSuffix(";5") || parameters.hasSuffix(";3") {
                    if next == UInt8(ascii: "C") { return .wordRight }
                    if next == UInt8(ascii: "D") { return .wordLeft }
                }
                return Self.cursorKey(next) ?? .ignored
            }
            return .ignored
        default:
            return .ignored
        }
    }

    private static func cursorKey(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
    }

    /// One UTF-8 encoded character whose first byte is `lead`.
    private func readCharacter(startingWith lead: UInt8) -> Character {
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        var bytes = [lead]
        while bytes.count < length, let next = readByte() {
            bytes.append(next)
            if next & 0xC0 != 0x80 { break }
        }
        return String(decoding: bytes, as: UTF8.self).first ?? "\u{FFFD}"
    }
}
