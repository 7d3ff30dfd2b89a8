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
        // Steps: the required multiple first, then the excluded ones (non-integers are those
        // that are no multiple of 1).
        var steps: [Step] = []
        var remainderStates = 1
        let excluded = excludedMultiples.map { ($0, false) } + (fractionalOnly ? [(DecimalValue(1), false)] : [])
        for (value, isRequired) in (multiple.map { [($0, true)] } ?? []) + excluded {
            guard let scaled = value.scaledInteger(limit: limits.maxRepetition), scaled.k <= NumberAutomaton.maxDigits,
                  remainderStates * scaled.m <= limits.maxRepetition else {
                throw GrammarError(.budgetExceeded, keyword: isRequired ? "multipleOf" : "not", path: path,
                                   detail: "multipleOf \(value) = m × 10^-k: the m's need at most \(limits.maxRepetition) remainder states together and k ≤ \(NumberAutomaton.maxDigits)")
            }
            remainderStates *= scaled.m
            steps.append(Step(m: scaled.m, k: scaled.k, isRequired: isRequired))
        }
        let keyword = multiple != nil ? "multipleOf" : (lower ?? upper)?.keyword ?? "not"
        var result = try plainForm(steps: steps, limits: limits, keyword: keyword, path: path)
        // The exponent form is an extra: a bound whose exponent form would need too many
        // states (`1e-900`) is still enforced exactly in the plain form alone.
        if producesExponents, let exponents = try? exponentForm(limits: limits, keyword: keyword, path: path),
           let union = try? result.combined(with: exponents, .union, limits: limits, keyword: keyword, path: path) {
            result = union
        }
        return result.minimized()
    }

    // MARK: - Shared pieces

    /// A step m × 10^-k the value must (or must not) be a multiple of.
    struct Step: Sendable {
        var m: Int
        var k: Int
        var isRequired: Bool
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
        var index: [State: Int32] = [start: 0]
        var states = [start]
        var transitions: [Int32] = []
        var accepting: [Bool] = []
        var cursor = 0
        while cursor < states.count {
            let state = states[cursor]
            cursor += 1
            accepting.append(accepts(state))
            for byte in representatives {
                guard byte != 0, let next = step(state, byte) else {
                    transitions.append(-1)
                    continue
                }
                if let known = index[next] {
                    transitions.append(known)
                    continue
                }
                guard states.count < limits.maxEagerDFAStates else {
                    throw GrammarError(.budgetExceeded, keyword: keyword, path: path,
                                       detail: "number automaton needs more than \(limits.maxEagerDFAStates) states")
                }
                index[next] = Int32(states.count)
                transitions.append(Int32(states.count))
                states.append(next)
            }
        }
        return ByteDFA(classOf: classOf, classCount: representatives.count, transitions: transitions,
                       accepting: accepting).trimmed()
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
