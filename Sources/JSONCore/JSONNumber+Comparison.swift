extension JSONNumber: Comparable {
    /// Orders numbers by exact mathematical value, compared on their decimal digits so that
    /// literals beyond `Double`'s precision (`1e400`, 30-digit integers) still compare correctly.
    public static func < (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// -1, 0 or 1 as `lhs` is less than, equal to or greater than `rhs`.
    package static func compare(_ lhs: JSONNumber, _ rhs: JSONNumber) -> Int {
        let l = lhs.decomposed, r = rhs.decomposed
        let lSign = l.digits.isEmpty ? 0 : (l.negative ? -1 : 1)
        let rSign = r.digits.isEmpty ? 0 : (r.negative ? -1 : 1)
        if lSign != rSign { return lSign < rSign ? -1 : 1 }
        if lSign == 0 { return 0 }
        let magnitude: Int
        if l.exponent != r.exponent {
            magnitude = l.exponent < r.exponent ? -1 : 1
        } else if l.digits == r.digits {
            magnitude = 0
        } else {
            magnitude = l.digits.lexicographicallyPrecedes(r.digits) ? -1 : 1
        }
        return lSign * magnitude
    }

    /// Whether `self` is an integer multiple of `divisor` (which must be positive), computed
    /// exactly on decimal digits: value = D × 10^e for digit strings, so the question becomes
    /// whether an integer divides another, done with arbitrary-length long division.
    package func isMultiple(of divisor: JSONNumber) -> Bool {
        let a = decomposed, b = divisor.decomposed
        if a.digits.isEmpty { return true }
        if b.digits.isEmpty { return false }
        // value = 0.d1...dn × 10^exp = (d1...dn) × 10^(exp - n)
        let aScale = a.exponent - a.digits.count
        let bScale = b.exponent - b.digits.count
        // a / b = (A / B) × 10^(aScale - bScale); integer iff B divides A × 10^(aScale - bScale).
        let shift = aScale - bScale
        if shift < 0 {
            // A / (B × 10^-shift): B × 10^k divides A only if A ends in k zeros, but A has no
            // trailing zeros, so unless A's digits absorb it the answer is no.
            return false
        }
        guard shift <= 4096 else { return Self.doubleIsMultiple(doubleValue, divisor.doubleValue) }
        let dividend = a.digits.map { Int($0 - 48) } + Array(repeating: 0, count: shift)
        let divisorDigits = b.digits.map { Int($0 - 48) }
        guard divisorDigits.count <= 17 else { return Self.doubleIsMultiple(doubleValue, divisor.doubleValue) }
        let d = divisorDigits.reduce(0) { $0 * 10 + $1 }
        var remainder = 0
        for digit in dividend {
            remainder = (remainder * 10 + digit) % d
        }
        return remainder == 0
    }

    private static func doubleIsMultiple(_ value: Double, _ divisor: Double) -> Bool {
        let quotient = value / divisor
        guard quotient.isFinite else { return false }
        return quotient == quotient.rounded()
    }
}
