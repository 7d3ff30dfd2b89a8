extension NumberAutomaton {
    /// Where the reader is in `-?(0|[1-9][0-9]*)(\.[0-9]+)?`, and what it knows so far.
    ///
    /// Counts saturate at caps beyond which every position behaves the same, so the state set
    /// is finite: an integer part longer than every bound's is larger whatever its digits, and
    /// fraction digits past every bound's and past `multipleOf`'s must all compare with 0.
    private struct PlainState: Hashable {
        enum Phase: UInt8 { case start, minus, zero, integer, point, fraction }
        var phase = Phase.start
        var isNegative = false
        /// Integer digits read after the first nonzero one (the `0` of `0.5` counts none).
        var integerCount = 0
        var fractionCount = 0
        /// The magnitude's digits against each bound's, lexicographically on the digits read
        /// (in the integer part: only over the first `integer.count` positions; the counts
        /// decide the rest when the integer part ends).
        var lowerOrder: Int8 = 0
        var upperOrder: Int8 = 0
        /// Digits read so far (integer part, then at most `scale` fraction digits) modulo the
        /// steps' lcm, or -1 once a nonzero digit came past the scale (a multiple of no step).
        var remainder = 0
        var isNonzero = false
    }

    /// A bound's magnitude split at the point: integer digits without leading zeros, fraction
    /// digits without trailing zeros.
    private struct SplitDigits {
        var integer: [UInt8] = []
        var fraction: [UInt8] = []

        init(_ value: DecimalValue?) {
            guard let value else { return }
            integer = value.integerDigits
            fraction = value.fractionDigits
        }

        /// Order so far after an integer digit at `position`.
        func integerDigit(_ digit: UInt8, at position: Int, order: Int8) -> Int8 {
            // Past the bound's length the count decides; 0 keeps such states merged.
            guard position < integer.count else { return 0 }
            return order == 0 ? NumberAutomaton.compare(digit, integer[position]) : order
        }

        /// The order of the integer parts once the integer part has `count` digits.
        func endOfInteger(count: Int, order: Int8) -> Int8 {
            count == integer.count ? order : (count < integer.count ? -1 : 1)
        }

        func fractionDigit(_ digit: UInt8, at position: Int, order: Int8) -> Int8 {
            guard order == 0 else { return order }
            return NumberAutomaton.compare(digit, position < fraction.count ? fraction[position] : 0)
        }

        /// The final magnitude order when the text ends after `fractionCount` fraction digits
        /// (the bound's fraction has no trailing zeros: any digit left makes it larger).
        func end(order: Int8, fractionCount: Int) -> Int8 {
            order == 0 && fractionCount < fraction.count ? -1 : order
        }
    }

    /// The plain form (no exponent) under every constraint.
    func plainForm(_ divisibility: Divisibility, limits: GrammarLimits, keyword: String, path: String) throws(GrammarError) -> ByteDFA {
        let low = SplitDigits(lower?.value.magnitude), high = SplitDigits(upper?.value.magnitude)
        let integerCap = max(low.integer.count, high.integer.count) + 1
        let scale = divisibility.scale, modulus = divisibility.modulus, steps = divisibility.steps
        let hasRequiredStep = steps.contains { $0.isRequired }
        let fractionCap = max(low.fraction.count, high.fraction.count, scale)
        let integersOnly = self.integersOnly

        func next(_ state: PlainState, _ byte: UInt8) -> PlainState? {
            var state = state
            let isDigit = byte >= 0x30 && byte <= 0x39
            let digit = byte &- 0x30
            switch (state.phase, byte) {
            case (.start, UInt8(ascii: "-")):
                state.phase = .minus
                state.isNegative = true
            case (.start, UInt8(ascii: "0")), (.minus, UInt8(ascii: "0")):
                state.phase = .zero
            case (.start, _) where isDigit, (.minus, _) where isDigit, (.integer, _) where isDigit:
                state.phase = .integer
                state.isNonzero = true
                state.lowerOrder = low.integerDigit(digit, at: state.integerCount, order: state.lowerOrder)
                state.upperOrder = high.integerDigit(digit, at: state.integerCount, order: state.upperOrder)
                state.integerCount = min(state.integerCount + 1, integerCap)
                state.remainder = (state.remainder * 10 + Int(digit)) % modulus
            case (.zero, UInt8(ascii: ".")) where !integersOnly, (.integer, UInt8(ascii: ".")) where !integersOnly:
                state.phase = .point
                state.lowerOrder = low.endOfInteger(count: state.integerCount, order: state.lowerOrder)
                state.upperOrder = high.endOfInteger(count: state.integerCount, order: state.upperOrder)
                state.integerCount = 0
            case (.point, _) where isDigit, (.fraction, _) where isDigit:
                state.phase = .fraction
                if state.fractionCount < scale {
                    state.remainder = (state.remainder * 10 + Int(digit)) % modulus
                } else if digit != 0 && !steps.isEmpty {
                    // x × 10^scale is no integer: a multiple of no step.
                    guard !hasRequiredStep else { return nil }
                    state.remainder = -1
                }
                state.lowerOrder = low.fractionDigit(digit, at: state.fractionCount, order: state.lowerOrder)
                state.upperOrder = high.fractionDigit(digit, at: state.fractionCount, order: state.upperOrder)
                state.fractionCount = min(state.fractionCount + 1, fractionCap)
                if digit != 0 { state.isNonzero = true }
            default:
                return nil
            }
            return state
        }

        func accepts(_ state: PlainState) -> Bool {
            var lowerOrder = state.lowerOrder, upperOrder = state.upperOrder
            switch state.phase {
            case .start, .minus, .point: return false
            case .zero, .integer:
                lowerOrder = low.endOfInteger(count: state.integerCount, order: lowerOrder)
                upperOrder = high.endOfInteger(count: state.integerCount, order: upperOrder)
            case .fraction: break
            }
            // x × 10^scale = (digits read) × 10^(scale - fraction digits read), modulo the lcm.
            if state.remainder >= 0 {
                var remainder = state.remainder
                for _ in min(state.fractionCount, scale)..<scale { remainder = remainder * 10 % modulus }
                for step in steps where (remainder % step.divisor == 0) != step.isRequired { return false }
            }
            let lowerMagnitude = low.end(order: lowerOrder, fractionCount: state.fractionCount)
            let upperMagnitude = high.end(order: upperOrder, fractionCount: state.fractionCount)
            return admits(
                lowerOrder: {
                    NumberAutomaton.order(magnitudeOrder: lowerMagnitude, isNegative: state.isNegative,
                                          isNonzero: state.isNonzero, bound: lower?.value ?? .zero)
                },
                upperOrder: {
                    NumberAutomaton.order(magnitudeOrder: upperMagnitude, isNegative: state.isNegative,
                                          isNonzero: state.isNonzero, bound: upper?.value ?? .zero)
                })
        }

        return try NumberAutomaton.explore(from: PlainState(), step: next, accepts: accepts,
                                           limits: limits, keyword: keyword, path: path)
    }
}
