/// A set of Unicode scalar values as sorted, disjoint, non-adjacent ranges.
struct CodePointSet: Sendable, Equatable {
    private(set) var ranges: [ClosedRange<UInt32>]

    static let maxScalar: UInt32 = 0x10FFFF

    init(_ ranges: [ClosedRange<UInt32>] = []) {
        self.ranges = CodePointSet.normalized(ranges)
    }

    static let all = CodePointSet([0...0xD7FF, 0xE000...maxScalar])
    static let digits = CodePointSet([0x30...0x39])
    static let word = CodePointSet([0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
    /// ECMAScript `\s`: WhiteSpace and LineTerminator.
    static let space = CodePointSet([0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A,
                                     0x2028...0x2029, 0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000,
                                     0xFEFF...0xFEFF])
    /// ECMAScript `.`: everything but line terminators.
    static let dot = CodePointSet([0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029]).inverted

    var isEmpty: Bool { ranges.isEmpty }

    func contains(_ value: UInt32) -> Bool { ranges.contains { $0.contains(value) } }

    func union(_ other: CodePointSet) -> CodePointSet { CodePointSet(ranges + other.ranges) }

    var inverted: CodePointSet {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            next = range.upperBound &+ 1
            if range.upperBound == CodePointSet.maxScalar { next = CodePointSet.maxScalar + 1 }
        }
        if next <= CodePointSet.maxScalar { result.append(next...CodePointSet.maxScalar) }
        return CodePointSet(result).subtracting(CodePointSet([0xD800...0xDFFF]))
    }

    func subtracting(_ other: CodePointSet) -> CodePointSet {
        var result: [ClosedRange<UInt32>] = []
        for range in ranges {
            var pieces = [range]
            for cut in other.ranges {
                pieces = pieces.flatMap { piece -> [ClosedRange<UInt32>] in
                    guard piece.overlaps(cut) else { return [piece] }
                    var kept: [ClosedRange<UInt32>] = []
                    if piece.lowerBound < cut.lowerBound { kept.append(piece.lowerBound...(cut.lowerBound - 1)) }
                    if piece.upperBound > cut.upperBound { kept.append((cut.upperBound + 1)...piece.upperBound) }
                    return kept
                }
            }
            result += pieces
        }
        return CodePointSet(result)
    }

    /// The set with ASCII letters of both cases added for each letter present.
    var caseFolded: CodePointSet {
        var extra: [ClosedRange<UInt32>] = []
        for range in ranges {
            for letter in max(range.lowerBound, 0x41)...max(min(range.upperBound, 0x7A), max(range.lowerBound, 0x41))
            where (0x41...0x5A).contains(letter) || (0x61...0x7A).contains(letter) {
                let other = letter ^ 0x20
                extra.append(other...other)
            }
        }
        return CodePointSet(ranges + extra)
    }

    private static func normalized(_ input: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        let sorted = input.sorted { $0.lowerBound < $1.lowerBound }
        var result: [ClosedRange<UInt32>] = []
        for range in sorted {
            if let last = result.last, range.lowerBound <= last.upperBound &+ 1 {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }
}
