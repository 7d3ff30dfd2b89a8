/// The exact byte automaton of JSON number texts whose value satisfies numeric keywords:
/// decimal bounds (`minimum`, `exclusiveMaximum` ...), a decimal `multipleOf`, decimals it must
/// not be a multiple of (the rewriting of `not: {multipleOf}`), integers only (`type: integer`)
/// or non-integers only (the rewriting of `not: {type: integer}`).
///
/// Exactness: every text the automaton accepts is a JSON number whose value satisfies every
/// constraint, and every satisfying value is accepted in each form the automaton produces:
/// - the plain form `-?(0|[1-9][0-9]*)(\.[0-9]+)?` (any trailing zeros, `-0` included), and
/// - when there is no (excluded) `multipleOf` and no integer/non-integer restriction, the normalized
///   exponent form `-?[1-9](\.[0-9]+)?[eE][+-]?[0-9]+` (Python writes `1e-05`, JavaScript
///   `1.5e+21`). Other exponent forms (`0.5e1`, `15e-1`) are never produced: deciding them is
///   not regular (`0.0…01e+n` would need to count the zeros).
///
/// The automaton reads the text once, left to right, comparing digits with each bound's digits
/// as they come (an integer part longer than the bound's is larger, whatever its digits) and
/// keeping the remainder of the digits read so far modulo each step's integer numerator.
/// No arithmetic goes through `Double`.
struct NumberAutomaton: Sendable {
    /// A lower or upper bound and the keyword it came from (for error messages).
    struct Bound: Sendable {
        var value: DecimalValue
        var isExclusive: Bool
        var keyword: String
    }

    var lower: Bound?
    var upper: Bound?
    /// `multipleOf` (positive).
    var multiple: DecimalValue?
    /// Positive values the number must not be a multiple of.
    var excludedMultiples: [DecimalValue] = []
    /// Only integers, written without a fraction or exponent (`type: integer`).
    var integersOnly = false
    /// Only values that are not integers.
    var fractionalOnly = false

    /// Most digits a bound or `multipleOf` may have before or after the point in plain form;
    /// larger (`1e5000`) is a `budgetExceeded` error naming the keyword.
    static let maxDigits = 1_000

    /// Whether the normalized exponent form is produced too.
    var producesExponents: Bool {
        !integersOnly && !fractionalOnly && multiple == nil && excludedMultiples.isEmpty && (lower != nil || upper != nil)
    }

    /// The minimal trimmed automaton (`ByteDFA.empty` when no number satisfies the constraints).
    /// - throws: `GrammarError.budgetExceeded` naming the keyword and `path` when a bound has
    ///   more than `maxDigits` digits, the steps' numerators (m of m × 10^-k) multiply to more
    ///   than `limits.maxRepetition` remainders, or the automaton exceeds
    ///   `limits.maxEagerDFAStates` states.
    func dfa(limits: GrammarLimits, path: String) throws(GrammarError) -> ByteDFA {
        for bound in [lower, upper].compactMap({ $0 }) {
            let digits = max(bound.value.integerDigitCount, bound.value.fractionDigitCount)
            guard digits <= NumberAutomaton.maxDigits else {
                throw GrammarError(.budgetExceeded, keyword: bound.keyword, path: path,
                                   detail: "bound \(bound.value) has \(digits) digits on one side of the point, more than \(NumberAutomaton.maxDigits)")
            }
        }
        let divisibility = try self.divisibility(limits: limits, path: path)
        let keyword = multiple != nil ? "multipleOf" : (lower ?? upper)?.keyword ?? "not"
        var result = try plainForm(divisibility, limits: limits, keyword: keyword, path: path)
        // The exponent form is an extra: a bound whose exponent form would need too many
        // states (`1e-900`) is still enforced exactly in the plain form alone.
        if producesExponents, let exponents = try? exponentForm(limits: limits, keyword: keyword, path: path),
           let union = try? result.combined(with: exponents, .union, limits: limits, keyword: keyword, path: path) {
            result = union
        }
        return result.minimized()
    }

    // MARK: - Shared pieces

    /// The steps the value must (or must not) be a multiple of, on one scale: with every step
    /// written as d × 10^-scale (integer d), x is a multiple of a step iff x × 10^scale is an
    /// integer divisible by d, so one remainder modulo the lcm of the d's decides them all.
    struct Divisibility: Sendable {
        struct Step: Sendable {
            var divisor: Int
            var isRequired: Bool
        }

        var scale = 0
        var modulus = 1
        var steps: [Step] = []
    }

    /// `multipleOf` (required), the excluded steps and, for non-integers, 1 (excluded).
    /// - throws: `budgetExceeded` naming `multipleOf` (or `not`) and `path` when the lcm of the
    ///   scaled steps exceeds `limits.maxRepetition` or a step has more than `maxDigits`
    ///   fraction digits.
    func divisibility(limits: GrammarLimits, path: String) throws(GrammarError) -> Divisibility {
        let values = (multiple.map { [($0, true)] } ?? []) + excludedMultiples.map { ($0, false) }
            + (fractionalOnly ? [(DecimalValue(1), false)] : [])
        var result = Divisibility()
        guard !values.isEmpty else { return result }
        func tooLarge(_ value: DecimalValue, _ isRequired: Bool) -> GrammarError {
            GrammarError(.budgetExceeded, keyword: isRequired ? "multipleOf" : "not", path: path,
                         detail: "multipleOf \(value): its digits with those of the other steps need more than \(limits.maxRepetition) remainder states")
        }
        var scaled: [(m: Int, k: Int, isRequired: Bool, value: DecimalValue)] = []
        for (value, isRequired) in values {
            guard let step = value.scaledInteger(limit: limits.maxRepetition), step.k <= NumberAutomaton.maxDigits else {
                throw tooLarge(value, isRequired)
            }
            scaled.append((step.m, step.k, isRequired, value))
        }
        result.scale = scaled.map(\.k).max() ?? 0
        for step in scaled {
            var divisor = step.m
            for _ in step.k..<result.scale {
                divisor *= 10
                guard divisor <= limits.maxRepetition else { throw tooLarge(step.value, step.isRequired) }
            }
            var a = result.modulus, b = divisor
            while b != 0 { (a, b) = (b, a % b) }
            result.modulus = result.modulus / a * divisor
            guard result.modulus <= limits.maxRepetition else { throw tooLarge(step.value, step.isRequired) }
            result.steps.append(.init(divisor: divisor, isRequired: step.isRequired))
        }
        return result
    }

    /// Byte classes: each digit alone (bounds tell digits apart), `-`, `+`, `.`, `e`/`E`, and
    /// everything else (class 0, never a transition).
    static let classOf: [UInt8] = {
        var classes = [UInt8](repeating: 0, count: 256)
        for digit in 0..<10 { classes[0x30 + digit] = UInt8(1 + digit) }
        classes[Int(UInt8(ascii: "-"))] = 11
        classes[Int(UInt8(ascii: "+"))] = 12
        classes[Int(UInt8(ascii: "."))] = 13
        classes[Int(UInt8(ascii: "e"))] = 14
        classes[Int(UInt8(ascii: "E"))] = 14
        return classes
    }()

    /// One byte per class, in class order.
    static let representatives: [UInt8] = [0] + (0x30...0x39) + [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e")]

    /// Builds the DFA reachable from `start` under `step` (nil: no transition), breadth first.
    static func explore<State: Hashable>(from start: State, step: (State, UInt8) -> State?, accepts: (State) -> Bool,
                                         limits: GrammarLimits, keyword: String, path: String) throws(GrammarError) -> ByteDFA {
        try ByteDFA.explore(
            from: start, classOf: classOf, classCount: representatives.count,
            step: { state, byteClass in
                let byte = representatives[byteClass]
                return byte == 0 ? nil : step(state, byte)
            },
            accepts: accepts, limits: limits, keyword: keyword, path: path)
    }

    /// The order of a value against `bound` (-1, 0, 1) from the order of their magnitudes.
    /// - parameter magnitudeOrder: |value| compared with |bound|.
    /// - parameter isNonzero: whether |value| > 0 (`-0` is zero, and zero is not negative).
    static func order(magnitudeOrder: Int8, isNegative: Bool, isNonzero: Bool, bound: DecimalValue) -> Int {
        guard isNonzero else { return bound.isZero ? 0 : (bound.isNegative ? 1 : -1) }
        if isNegative { return bound.isNegative ? -Int(magnitudeOrder) : -1 }
        return bound.isNegative ? 1 : Int(magnitudeOrder)
    }

    /// Whether a value in `order` against each bound (from `order(...)`) lies within them.
    func admits(lowerOrder: () -> Int, upperOrder: () -> Int) -> Bool {
        if let lower {
            let order = lowerOrder()
            if order < 0 || (order == 0 && lower.isExclusive) { return false }
        }
        if let upper {
            let order = upperOrder()
            if order > 0 || (order == 0 && upper.isExclusive) { return false }
        }
        return true
    }

    static func compare(_ digit: UInt8, _ other: UInt8) -> Int8 {
        digit < other ? -1 : (digit > other ? 1 : 0)
    }
}
