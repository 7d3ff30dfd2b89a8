extension NumberAutomaton {
    /// Where the reader is in `-?[1-9](\.[0-9]+)?[eE][+-]?[0-9]+`, and what it knows so far.
    ///
    /// The text's value is 0.d₁d₂… × 10^(E+1) with d₁ ≠ 0, so against a bound 0.b₁b₂… × 10^X it
    /// compares first by E against X - 1, then by digits. E is read with saturation at a cap
    /// above every |X - 1|, past which only its sign matters.
    private struct ExponentState: Hashable {
        enum Phase: UInt8 { case start, minus, lead, point, fraction, mark, exponentSign, exponent }
        var phase = Phase.start
        var isNegative = false
        var mantissaCount = 0
        /// Mantissa digits against each bound's digits (padded with zeros), lexicographically.
        var lowerOrder: Int8 = 0
        var upperOrder: Int8 = 0
        var exponentIsNegative = false
        var exponent = 0
    }

    /// The normalized exponent form within the bounds (no `multipleOf`, no integer restriction).
    func exponentForm(limits: GrammarLimits, keyword: String, path: String) throws(GrammarError) -> ByteDFA {
        let lowDigits = lower?.value.digits ?? [], highDigits = upper?.value.digits ?? []
        // E is compared with X - 1 for each nonzero bound.
        let lowTarget = lower.map { $0.value.exponent - 1 }, highTarget = upper.map { $0.value.exponent - 1 }
        let exponentCap = max(abs(lowTarget ?? 0), abs(highTarget ?? 0)) + 1
        let mantissaCap = max(lowDigits.count, highDigits.count)

        func mantissaDigit(_ digit: UInt8, at position: Int, order: Int8, bound: [UInt8]) -> Int8 {
            order != 0 ? order : NumberAutomaton.compare(digit, position < bound.count ? bound[position] : 0)
        }

        func next(_ state: ExponentState, _ byte: UInt8) -> ExponentState? {
            var state = state
            let isDigit = byte >= 0x30 && byte <= 0x39
            let digit = byte &- 0x30
            switch (state.phase, byte) {
            case (.start, UInt8(ascii: "-")):
                state.phase = .minus
                state.isNegative = true
            case (.start, _) where isDigit && digit != 0, (.minus, _) where isDigit && digit != 0,
                 (.point, _) where isDigit, (.fraction, _) where isDigit:
                state.phase = state.phase == .start || state.phase == .minus ? .lead : .fraction
                state.lowerOrder = mantissaDigit(digit, at: state.mantissaCount, order: state.lowerOrder, bound: lowDigits)
                state.upperOrder = mantissaDigit(digit, at: state.mantissaCount, order: state.upperOrder, bound: highDigits)
                state.mantissaCount = min(state.mantissaCount + 1, mantissaCap)
            case (.lead, UInt8(ascii: ".")):
                state.phase = .point
            case (.lead, UInt8(ascii: "e")), (.lead, UInt8(ascii: "E")), (.fraction, UInt8(ascii: "e")), (.fraction, UInt8(ascii: "E")):
                state.phase = .mark
                // Mantissa digits equal so far but the bound has more: the bound is larger.
                if state.lowerOrder == 0 && state.mantissaCount < lowDigits.count { state.lowerOrder = -1 }
                if state.upperOrder == 0 && state.mantissaCount < highDigits.count { state.upperOrder = -1 }
                state.mantissaCount = 0
            case (.mark, UInt8(ascii: "+")), (.mark, UInt8(ascii: "-")):
                state.phase = .exponentSign
                state.exponentIsNegative = byte == UInt8(ascii: "-")
            case (.mark, _) where isDigit, (.exponentSign, _) where isDigit, (.exponent, _) where isDigit:
                state.phase = .exponent
                state.exponent = min(state.exponent * 10 + Int(digit), exponentCap)
            default:
                return nil
            }
            return state
        }

        func magnitudeOrder(_ state: ExponentState, mantissaOrder: Int8, bound: DecimalValue, target: Int?) -> Int8 {
            guard let target, !bound.isZero else { return 1 }
            // Saturated exponents exceed every |target|, so the signed comparison stays exact.
            let exponent = state.exponentIsNegative ? -state.exponent : state.exponent
            if exponent != target { return exponent < target ? -1 : 1 }
            return mantissaOrder
        }

        func accepts(_ state: ExponentState) -> Bool {
            guard state.phase == .exponent else { return false }
            return admits(
                lowerOrder: {
                    let value = lower?.value ?? .zero
                    let order = magnitudeOrder(state, mantissaOrder: state.lowerOrder, bound: value, target: lowTarget)
                    return NumberAutomaton.order(magnitudeOrder: order, isNegative: state.isNegative, isNonzero: true, bound: value)
                },
                upperOrder: {
                    let value = upper?.value ?? .zero
                    let order = magnitudeOrder(state, mantissaOrder: state.upperOrder, bound: value, target: highTarget)
                    return NumberAutomaton.order(magnitudeOrder: order, isNegative: state.isNegative, isNonzero: true, bound: value)
                })
        }

        return try NumberAutomaton.explore(from: ExponentState(), step: next, accepts: accepts,
                                           limits: limits, keyword: keyword, path: path)
    }
}
