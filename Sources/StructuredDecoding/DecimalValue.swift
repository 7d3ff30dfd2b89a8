import JSONCore

/// An exact decimal number read from a schema's JSON number text, for numeric keywords
/// (`minimum`, `exclusiveMaximum`, `multipleOf` ...) that the grammar enforces digit by digit.
///
/// `JSONNumber` keeps the literal text as written in the schema, so no value passes through
/// `Double` (where `0.1` is not exact and `3.0000000000000000001` is `3`): the digits here
/// are the digits the schema author wrote. (A `JSONNumber` made from a `Double` holds the
/// shortest round-trip text of that double, which is also what this type reads.)
///
/// Value = (isNegative ? -1 : 1) × 0.d₁d₂…dₙ × 10^exponent, where `digits` are d₁…dₙ (values
/// 0...9) without leading or trailing zeros. Zero has no digits and is never negative.
struct DecimalValue: Sendable, Hashable {
    private(set) var isNegative: Bool
    private(set) var digits: [UInt8]
    private(set) var exponent: Int

    /// Exponents are clamped to ±2^40 so that digit counts never overflow; values that large
    /// are refused by every consumer long before (see `NumberAutomaton.maxDigits`).
    static let exponentLimit = 1 << 40

    static let zero = DecimalValue(isNegative: false, digits: [], exponent: 0)

    /// Reads JSON number text (`-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, leading zeros
    /// tolerated); nil when the text is no decimal number.
    init?(literal: some StringProtocol) {
        var bytes = Array(literal.utf8)[...]
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        }
        var mantissa: [UInt8] = []
        var pointOffset: Int?
        while let byte = bytes.first, byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if byte == UInt8(ascii: ".") {
                guard pointOffset == nil, !mantissa.isEmpty else { return nil }
                pointOffset = mantissa.count
            } else if (0x30...0x39).contains(byte) {
                mantissa.append(byte - 0x30)
            } else {
                return nil
            }
        }
        guard !mantissa.isEmpty, pointOffset.map({ $0 < mantissa.count }) ?? true else { return nil }
        var exponent = 0
        if !bytes.isEmpty {
            bytes = bytes.dropFirst()
            var exponentNegative = false
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                exponentNegative = sign == UInt8(ascii: "-")
                bytes = bytes.dropFirst()
            }
            guard !bytes.isEmpty else { return nil }
            for byte in bytes {
                guard (0x30...0x39).contains(byte) else { return nil }
                exponent = min(exponent * 10 + Int(byte - 0x30), DecimalValue.exponentLimit)
            }
            if exponentNegative { exponent = -exponent }
        }
        // value = 0.mantissa × 10^(integer digit count + exponent)
        self.init(isNegative: negative, mantissa: mantissa, exponent: (pointOffset ?? mantissa.count) + exponent)
    }

    /// The exact value of a schema number.
    init?(_ number: JSONNumber) {
        self.init(literal: number.literal)
    }

    /// An integer.
    init(_ value: Int64) {
        let mantissa = String(value.magnitude).utf8.map { $0 - 0x30 }
        self.init(isNegative: value < 0, mantissa: mantissa, exponent: mantissa.count)
    }

    /// Normalizes 0.`mantissa` × 10^`exponent` (leading and trailing zeros dropped).
    private init(isNegative: Bool, mantissa: [UInt8], exponent: Int) {
        var digits = mantissa[...]
        var exponent = exponent
        while digits.first == 0 {
            digits = digits.dropFirst()
            exponent -= 1
        }
        while digits.last == 0 { digits = digits.dropLast() }
        if digits.isEmpty {
            self = .zero
        } else {
            self.init(isNegative: isNegative, digits: Array(digits), exponent: max(-DecimalValue.exponentLimit, exponent))
        }
    }

    private init(isNegative: Bool, digits: [UInt8], exponent: Int) {
        self.isNegative = isNegative
        self.digits = digits
        self.exponent = exponent
    }

    var isZero: Bool { digits.isEmpty }

    /// The absolute value.
    var magnitude: DecimalValue { DecimalValue(isNegative: false, digits: digits, exponent: exponent) }

    /// Digits before the decimal point (none when |value| < 1). Cost: `exponent` bytes.
    var integerDigits: [UInt8] {
        guard exponent > 0 else { return [] }
        let kept = digits.prefix(exponent)
        return Array(kept) + [UInt8](repeating: 0, count: exponent - kept.count)
    }

    /// Digits after the decimal point, without trailing zeros. Cost: `-exponent` bytes.
    var fractionDigits: [UInt8] {
        if exponent >= 0 { return Array(digits.dropFirst(exponent)) }
        return [UInt8](repeating: 0, count: -exponent) + digits
    }

    /// How many digits the plain (no exponent) form has before and after the point.
    var integerDigitCount: Int { max(exponent, 0) }
    var fractionDigitCount: Int { max(digits.count - exponent, 0) }

    var isInteger: Bool { exponent >= digits.count }

    /// -1, 0 or 1 as `self` is below, equal to or above `other`, exactly.
    func compare(_ other: DecimalValue) -> Int {
        let sign = isZero ? 0 : (isNegative ? -1 : 1)
        let otherSign = other.isZero ? 0 : (other.isNegative ? -1 : 1)
        if sign != otherSign { return sign < otherSign ? -1 : 1 }
        if sign == 0 { return 0 }
        let magnitude: Int
        if exponent != other.exponent {
            magnitude = exponent < other.exponent ? -1 : 1
        } else if digits == other.digits {
            magnitude = 0
        } else {
            magnitude = digits.lexicographicallyPrecedes(other.digits) ? -1 : 1
        }
        return sign * magnitude
    }

    /// The value as `m × 10^-k` with integers m ≥ 1 and k ≥ 0 and m not a multiple of 10 when
    /// k > 0 (`2.5` is 25 × 10^-1, `300` is 300 × 10^0); nil for zero, a negative value or an m
    /// beyond `limit`.
    func scaledInteger(limit: Int) -> (m: Int, k: Int)? {
        guard !isZero, !isNegative else { return nil }
        let k = max(digits.count - exponent, 0)
        // m = digits followed by (exponent - count) zeros when the value is an integer.
        let trailingZeros = max(exponent - digits.count, 0)
        guard digits.count + trailingZeros <= 18 else { return nil }
        var m = 0
        for digit in digits { m = m * 10 + Int(digit) }
        for _ in 0..<trailingZeros { m *= 10 }
        return m <= limit ? (m, k) : nil
    }

    /// The smallest integer ≥ self (`.up`) or the largest ≤ self (`.down`), when it fits
    /// `Int64`; nil for other rules.
    func rounded(_ rule: FloatingPointRoundingRule) -> Int64? {
        guard rule == .up || rule == .down, var magnitude = integerMagnitude else { return nil }
        // Away from zero when rounding a positive value up or a negative one down.
        if !isInteger, (rule == .up) != isNegative {
            let (next, overflow) = magnitude.addingReportingOverflow(1)
            guard !overflow else { return nil }
            magnitude = next
        }
        return DecimalValue.signed(magnitude, negative: isNegative)
    }

    /// The magnitude of the integer part, when it fits `UInt64`.
    private var integerMagnitude: UInt64? {
        guard exponent <= 20 else { return nil }
        var value: UInt64 = 0
        for index in 0..<max(exponent, 0) {
            let digit = index < digits.count ? UInt64(digits[index]) : 0
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times10.addingReportingOverflow(digit)
            guard !overflow, !carry else { return nil }
            value = sum
        }
        return value
    }

    private static func signed(_ magnitude: UInt64, negative: Bool) -> Int64? {
        if negative { return magnitude <= 1 << 63 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }
}

extension DecimalValue: CustomStringConvertible {
    /// Scientific form with one digit before the point: `-1.25e2`, `5e-1`, `1e5000`.
    var description: String {
        guard let first = digits.first else { return "0" }
        let rest = digits.dropFirst().map { String($0) }.joined()
        return (isNegative ? "-" : "") + String(first) + (rest.isEmpty ? "" : "." + rest) + "e\(exponent - 1)"
    }
}
