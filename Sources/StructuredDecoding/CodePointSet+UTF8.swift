extension CodePointSet {
    /// How code points become bytes inside the grammar.
    enum Encoding {
        /// Plain UTF-8 (free text).
        case raw
        /// Inside a JSON string literal: `"`, `\` and control characters appear as the escapes
        /// JSONValue's serializer writes (`\"`, `\\`, `\n`, `\u001f`...), everything else as UTF-8.
        case jsonString
    }

    /// One code point of this set, as bytes.
    func node(encoding: Encoding) -> GrammarNode {
        var branches: [GrammarNode] = []
        var plain = self
        if encoding == .jsonString {
            let special = CodePointSet([0...0x1F, 0x22...0x22, 0x5C...0x5C])
            for range in ranges where range.lowerBound <= 0x5C {
                for value in range.lowerBound...min(range.upperBound, 0x5C) where special.contains(value) {
                    branches.append(.bytes(CodePointSet.jsonEscape(value)))
                }
            }
            plain = subtracting(special)
        }
        for range in plain.ranges {
            for sequence in CodePointSet.utf8Sequences(range) {
                branches.append(sequence.count == 1 ? .byteSet([sequence[0]]) : .sequence(sequence.map { .byteSet([$0]) }))
            }
        }
        // Merge single-byte branches into one byte set.
        var singles: [ClosedRange<UInt8>] = []
        var others: [GrammarNode] = []
        for branch in branches {
            if case .byteSet(let set) = branch { singles += set } else { others.append(branch) }
        }
        if !singles.isEmpty { others.insert(.byteSet(singles), at: 0) }
        if others.isEmpty { return .nothing }
        return others.count == 1 ? others[0] : .choice(others)
    }

    static func jsonEscape(_ value: UInt32) -> [UInt8] {
        switch value {
        case 0x22: return Array(#"\""#.utf8)
        case 0x5C: return Array(#"\\"#.utf8)
        case 0x0A: return Array(#"\n"#.utf8)
        case 0x0D: return Array(#"\r"#.utf8)
        case 0x09: return Array(#"\t"#.utf8)
        case 0x08: return Array(#"\b"#.utf8)
        case 0x0C: return Array(#"\f"#.utf8)
        default:
            let hex = String(value, radix: 16)
            return Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
        }
    }

    /// Splits a scalar range into byte-range sequences whose product is exactly its UTF-8
    /// encodings (the classic utf8-ranges construction).
    static func utf8Sequences(_ range: ClosedRange<UInt32>) -> [[ClosedRange<UInt8>]] {
        var work = [range]
        var result: [[ClosedRange<UInt8>]] = []
        while let current = work.popLast() {
            let low = current.lowerBound
            let high = current.upperBound
            // Remove surrogates.
            if low <= 0xDFFF && high >= 0xD800 {
                if low < 0xD800 { work.append(low...0xD7FF) }
                if high > 0xDFFF { work.append(0xE000...high) }
                continue
            }
            // Split at encoded-length boundaries.
            var split = false
            for boundary: UInt32 in [0x7F, 0x7FF, 0xFFFF] where low <= boundary && high > boundary {
                work.append(low...boundary)
                work.append((boundary + 1)...high)
                split = true
                break
            }
            if split { continue }
            let length = low <= 0x7F ? 1 : low <= 0x7FF ? 2 : low <= 0xFFFF ? 3 : 4
            if length == 1 {
                result.append([UInt8(low)...UInt8(high)])
                continue
            }
            // Split so each continuation position spans a full or aligned range.
            var didSplit = false
            for index in 1..<length {
                let mask: UInt32 = (1 << (6 * UInt32(index))) - 1
                if low & ~mask != high & ~mask {
                    if low & mask != 0 {
                        work.append((low | mask) + 1...high)
                        work.append(low...(low | mask))
                        didSplit = true
                        break
                    }
                    if high & mask != mask {
                        work.append((high & ~mask)...high)
                        work.append(low...((high & ~mask) - 1))
                        didSplit = true
                        break
                    }
                }
            }
            if didSplit { continue }
            let lowBytes = encode(low), highBytes = encode(high)
            result.append(zip(lowBytes, highBytes).map { $0...$1 })
        }
        return result
    }

    static func encode(_ value: UInt32) -> [UInt8] {
        guard let scalar = Unicode.Scalar(value) else { return [] }
        return Array(String(Character(scalar)).utf8)
    }
}
