/// A JSON number as written: the literal text is kept so integers of any size and decimals
/// round-trip exactly, while `doubleValue` and `int64Value` serve arithmetic.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number exactly as it appeared in the JSON text (or as Swift formatted it).
    public let literal: String

    /// Creates a number from JSON number text; returns nil when `literal` is not valid JSON
    /// number syntax.
    public init?(literal: String) {
        guard JSONNumber.isValidLiteral(literal.utf8) else { return nil }
        self.literal = literal
    }

    public init(_ value: Int) { literal = String(value) }

    /// Non-finite doubles have no JSON form; they are written as `null` by the serializer's
    /// caller's choice, so here they are kept as `0`.
    public init(_ value: Double) {
        if !value.isFinite {
            literal = "0"
        } else if value == value.rounded(), abs(value) < 1e15 {
            literal = String(Int64(value))
        } else {
            literal = "\(value)"
        }
    }

    public var description: String { literal }

    /// The nearest double (may lose precision for very long literals).
    public var doubleValue: Double { Double(literal) ?? .nan }

    /// The value as an `Int64` when it is an integer in range (`2.0` and `2e0` count).
    public var int64Value: Int64? {
        if let exact = Int64(literal) { return exact }
        let double = doubleValue
        guard double.isFinite, double == double.rounded(), abs(double) < 9.2e18 else { return nil }
        return isInteger ? Int64(double) : nil
    }

    /// Whether the mathematical value has no fractional part (JSON Schema's "integer").
    public var isInteger: Bool {
        let parts = decomposed
        if parts.digits.isEmpty { return true }
        // value = 0.digits × 10^exponent; integer when no significant digit falls after the point.
        return parts.exponent >= parts.digits.count
    }

    /// Sign, significant digits without leading/trailing zeros, and decimal exponent such that
    /// value = sign × 0.d1d2d3… × 10^exponent. Zero has no digits.
    package var decomposed: (negative: Bool, digits: [UInt8], exponent: Int) {
        var bytes = Array(literal.utf8)
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes.removeFirst()
        }
        var exponentPart = 0
        if let e = bytes.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            // Clamped so that `integerDigits.count + exponentPart` cannot overflow on input
            // such as `1e9223372036854775807` (exponents this large compare as equal).
            let text = String(decoding: bytes[(e + 1)...], as: UTF8.self)
            let limit = 1 << 40
            exponentPart = Int(text).map { max(-limit, min(limit, $0)) } ?? (text.hasPrefix("-") ? -limit : limit)
            bytes.removeSubrange(e...)
        }
        var integerDigits = bytes
        var fractionDigits: [UInt8] = []
        if let dot = bytes.firstIndex(of: UInt8(ascii: ".")) {
            integerDigits = Array(bytes[..<dot])
            fractionDigits = Array(bytes[(dot + 1)...])
        }
        var digits = integerDigits + fractionDigits
        var exponent = integerDigits.count + exponentPart
        while let first = digits.first, first == UInt8(ascii: "0") {
            digits.removeFirst()
            exponent -= 1
        }
        while let last = digits.last, last == UInt8(ascii: "0") { digits.removeLast() }
        if digits.isEmpty { return (false, [], 0) }
        return (negative, digits, exponent)
    }

    /// Numbers are equal when their mathematical values are (`1` == `1.0` == `1e0`).
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        let l = lhs.decomposed, r = rhs.decomposed
        return l.negative == r.negative && l.digits == r.digits && l.exponent == r.exponent
    }

    public func hash(into hasher: inout Hasher) {
        let parts = decomposed
        hasher.combine(parts.negative)
        hasher.combine(parts.digits)
        hasher.combine(parts.exponent)
    }

    package static func isValidLiteral<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        var index = bytes.startIndex
        func peek() -> UInt8? { index < bytes.endIndex ? bytes[index] : nil }
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        if peek() == UInt8(ascii: "-") { index = bytes.index(after: index) }
        guard let first = peek(), isDigit(first) else { return false }
        index = bytes.index(after: index)
        if first != UInt8(ascii: "0") {
            while isDigit(peek()) { index = bytes.index(after: index) }
        }
        if peek() == UInt8(ascii: ".") {
            index = bytes.index(after: index)
            guard isDigit(peek()) else { return false }
            while isDigit(peek()) { index = bytes.index(after: index) }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index = bytes.index(after: index)
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index = bytes.index(after: index) }
            guard isDigit(peek()) else { return false }
            while isDigit(peek()) { index = bytes.index(after: index) }
        }
        return index == bytes.endIndex
    }
}
