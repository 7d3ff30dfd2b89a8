import JSONCore

extension JSONSchemaCompiler {
    static let digit = GrammarNode.byteSet([0x30...0x39])
    static let nonZeroDigit = GrammarNode.byteSet([0x31...0x39])

    /// JSON number syntax: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static let numberSyntax: GrammarNode = .sequence([
        .optional(.bytes([UInt8(ascii: "-")])),
        unsignedIntegerSyntax,
        .optional(.sequence([.bytes([UInt8(ascii: ".")]), .repetition(digit, min: 1, max: nil)])),
        .optional(.sequence([.byteSet([0x45...0x45, 0x65...0x65]), .optional(.byteSet([0x2B...0x2B, 0x2D...0x2D])),
                             .repetition(digit, min: 1, max: nil)])),
    ])

    static let unsignedIntegerSyntax: GrammarNode = .choice([
        .bytes([UInt8(ascii: "0")]), .sequence([nonZeroDigit, .repetition(digit, min: 0, max: nil)]),
    ])

    typealias Bound = NumberAutomaton.Bound

    /// Reads minimum/maximum with both the draft 6+ (numeric exclusive*) and draft 4 (boolean
    /// exclusive*) spellings; the tighter bound wins (compared exactly, on decimal digits).
    func bounds(_ object: JSONObject, path: String) throws(GrammarError) -> (lower: Bound?, upper: Bound?) {
        func number(_ keyword: String) throws(GrammarError) -> DecimalValue? {
            guard let value = object[keyword] else { return nil }
            if case .bool = value { return nil }
            guard let number = value.number, let decimal = DecimalValue(number) else {
                throw GrammarError(.invalidSchema, keyword: keyword, path: path, detail: "must be a number")
            }
            return decimal
        }
        var lower = try number("minimum").map {
            Bound(value: $0, isExclusive: object["exclusiveMinimum"] == .bool(true), keyword: "minimum")
        }
        var upper = try number("maximum").map {
            Bound(value: $0, isExclusive: object["exclusiveMaximum"] == .bool(true), keyword: "maximum")
        }
        if let exclusive = try number("exclusiveMinimum"), lower.map({ exclusive.compare($0.value) >= 0 }) ?? true {
            lower = Bound(value: exclusive, isExclusive: true, keyword: "exclusiveMinimum")
        }
        if let exclusive = try number("exclusiveMaximum"), upper.map({ exclusive.compare($0.value) <= 0 }) ?? true {
            upper = Bound(value: exclusive, isExclusive: true, keyword: "exclusiveMaximum")
        }
        return (lower, upper)
    }

    /// `multipleOf`, which must be a positive number.
    func multipleOf(_ object: JSONObject, path: String) throws(GrammarError) -> DecimalValue? {
        guard let value = object["multipleOf"] else { return nil }
        guard let number = value.number, let decimal = DecimalValue(number), !decimal.isZero, !decimal.isNegative else {
            throw GrammarError(.invalidSchema, keyword: "multipleOf", path: path, detail: "must be a positive number")
        }
        return decimal
    }

    /// The smallest integer a lower bound allows (`ceiling`) or the largest an upper bound
    /// allows; nil when it does not fit `Int64`.
    static func integerLimit(_ bound: Bound, isLower: Bool) -> Int64? {
        guard let limit = bound.value.rounded(isLower ? .up : .down) else { return nil }
        guard bound.isExclusive, bound.value.isInteger else { return limit }
        let (next, overflow) = isLower ? limit.addingReportingOverflow(1) : limit.subtractingReportingOverflow(1)
        return overflow ? nil : next
    }

    /// The step of the integers that are multiples of `multiple`: x is a multiple of
    /// m × 10^-k iff x × 10^k ≡ 0 (mod m), iff x is a multiple of m / gcd(m, 10^k)
    /// (`1.5` gives 3, `0.5` gives 1). Nil when m has more than 18 digits.
    static func integerStep(of multiple: DecimalValue) -> Int64? {
        guard let scaled = multiple.scaledInteger(limit: Int.max) else { return nil }
        var m = scaled.m, twos = scaled.k, fives = scaled.k
        while twos > 0, m % 2 == 0 {
            m /= 2
            twos -= 1
        }
        while fives > 0, m % 5 == 0 {
            m /= 5
            fives -= 1
        }
        return Int64(m)
    }

    func integerNode(_ object: JSONObject, path: String) throws(GrammarError) -> GrammarNode {
        let (lower, upper) = try bounds(object, path: path)
        var step: Int64 = 1
        if let multiple = try multipleOf(object, path: path) {
            guard let integerStep = JSONSchemaCompiler.integerStep(of: multiple) else {
                throw GrammarError(.unsupportedKeyword, keyword: "multipleOf", path: path,
                                   detail: "multipleOf \(multiple) has more than 18 significant digits")
            }
            step = integerStep
        }
        let excluded = try excludedMultiples(object, path: path)
        let low = lower.map { JSONSchemaCompiler.integerLimit($0, isLower: true) }
        let high = upper.map { JSONSchemaCompiler.integerLimit($0, isLower: false) }
        // Bounds within 64 bits: ranges of digit strings (and short lists of multiples).
        if excluded.isEmpty, low.map({ $0 != nil }) ?? true, high.map({ $0 != nil }) ?? true {
            let low = low ?? nil, high = high ?? nil
            if let low, let high, low > high { return .nothing }
            if step == 1 { return JSONSchemaCompiler.integerRange(low: low, high: high) }
            if let low, let high, high - low < 100_000, (high - low) / step < 2_000 {
                var values: [GrammarNode] = []
                var value = low
                let remainder = ((low % step) + step) % step
                if remainder != 0 { value += step - remainder }
                while value <= high {
                    values.append(.literal(String(value)))
                    value += step
                }
                return .choice(values)
            }
            if low == nil, high == nil, step <= 1_000 { return JSONSchemaCompiler.multiples(of: Int(step)) }
        }
        // Wide ranges of multiples, excluded multiples, bounds beyond 64 bits: the exact digit
        // automaton.
        let automaton = NumberAutomaton(lower: lower, upper: upper, multiple: step == 1 ? nil : DecimalValue(step),
                                        excludedMultiples: excluded, integersOnly: true)
        do {
            return try automaton.dfa(limits: limits, path: path).node
        } catch {
            if options.lenient { return JSONSchemaCompiler.integerRange(low: low ?? nil, high: high ?? nil) }
            throw error
        }
    }

    /// Decimal integers divisible by `step` (a remainder automaton, `GrammarNode.multiples`).
    static func multiples(of step: Int) -> GrammarNode {
        .choice([.bytes([UInt8(ascii: "0")]), .sequence([.optional(.bytes([UInt8(ascii: "-")])), .positiveMultiples(step)])])
    }

    /// Integers in [low, high] (nil: unbounded), no leading zeros, no `-0`.
    static func integerRange(low: Int64?, high: Int64?) -> GrammarNode {
        var branches: [GrammarNode] = []
        // Non-negative part.
        if high.map({ $0 >= 0 }) ?? true {
            let from = UInt64(max(low ?? 0, 0))
            branches.append(magnitudeRange(from, high.map { UInt64($0) }))
        }
        // Negative part: magnitudes in [max(1, -high), -low].
        if low.map({ $0 < 0 }) ?? true {
            let from: UInt64 = high.map { $0 < 0 ? $0.magnitude : 1 } ?? 1
            let to: UInt64? = low.map { $0.magnitude }
            if to.map({ $0 >= from }) ?? true {
                branches.append(.sequence([.bytes([UInt8(ascii: "-")]), magnitudeRange(from, to)]))
            }
        }
        if branches.isEmpty { return .nothing }
        return branches.count == 1 ? branches[0] : .choice(branches)
    }

    /// Decimal text of the integers in [low, high] (nil: unbounded), without leading zeros.
    static func magnitudeRange(_ low: UInt64, _ high: UInt64?) -> GrammarNode {
        if let high, high < low { return .nothing }
        let lowDigits = Array(String(low).utf8)
        var branches: [GrammarNode] = []
        let maxLength = high.map { String($0).utf8.count } ?? lowDigits.count
        for length in lowDigits.count...maxLength {
            let from = length == lowDigits.count ? lowDigits : [UInt8(ascii: "1")] + Array(repeating: UInt8(ascii: "0"), count: length - 1)
            let to: [UInt8]
            if let high, length == maxLength {
                to = Array(String(high).utf8)
            } else {
                to = Array(repeating: UInt8(ascii: "9"), count: length)
            }
            branches.append(fixedWidthRange(from[...], to[...]))
        }
        if high == nil {
            // Every number with more digits than `low`.
            branches.append(.sequence([nonZeroDigit, .repetition(digit, min: lowDigits.count, max: nil)]))
        }
        return branches.count == 1 ? branches[0] : .choice(branches)
    }

    /// Digit strings of one width between `low` and `high` inclusive.
    static func fixedWidthRange(_ low: ArraySlice<UInt8>, _ high: ArraySlice<UInt8>) -> GrammarNode {
        guard let first = low.first, let last = high.first else { return .empty }
        let restLow = low.dropFirst(), restHigh = high.dropFirst()
        if first == last { return .sequence([.bytes([first]), fixedWidthRange(restLow, restHigh)]) }
        let width = restLow.count
        if restLow.allSatisfy({ $0 == UInt8(ascii: "0") }) && restHigh.allSatisfy({ $0 == UInt8(ascii: "9") }) {
            return .sequence([.byteSet([first...last]), .repetition(digit, min: width, max: width)])
        }
        var branches: [GrammarNode] = [
            .sequence([.bytes([first]), fixedWidthRange(restLow, ArraySlice(repeating: UInt8(ascii: "9"), count: width))])
        ]
        if first + 1 <= last - 1 {
            branches.append(.sequence([.byteSet([(first + 1)...(last - 1)]), .repetition(digit, min: width, max: width)]))
        }
        branches.append(.sequence([.bytes([last]), fixedWidthRange(ArraySlice(repeating: UInt8(ascii: "0"), count: width), restHigh)]))
        return .choice(branches)
    }

    /// Marks numbers that must not be integers (not a JSON Schema keyword). Exponent forms are
    /// not produced for them (never too loose; `1.5e1` is an integer).
    static let fractionalKeyword = "$fm-fractional"

    /// The least common multiple of two positive `multipleOf` values, exactly: the numbers that
    /// are multiples of both (`allOf`). With a = A × 10^-k and b = B × 10^-k (integers A, B),
    /// it is lcm(A, B) × 10^-k. Nil for non-positive values or beyond 18 digits.
    static func leastCommonMultiple(_ a: JSONValue, _ b: JSONValue) -> JSONValue? {
        guard let x = a.number.flatMap(DecimalValue.init), let y = b.number.flatMap(DecimalValue.init),
              let left = x.scaledInteger(limit: Int.max), let right = y.scaledInteger(limit: Int.max) else { return nil }
        let scale = max(left.k, right.k)
        func scaled(_ m: Int, _ k: Int) -> Int? {
            var value = m
            for _ in k..<scale {
                let (next, overflow) = value.multipliedReportingOverflow(by: 10)
                guard !overflow else { return nil }
                value = next
            }
            return value
        }
        guard let p = scaled(left.m, left.k), let q = scaled(right.m, right.k) else { return nil }
        var g = p, r = q
        while r != 0 { (g, r) = (r, g % r) }
        let (lcm, overflow) = (p / g).multipliedReportingOverflow(by: q)
        guard !overflow, lcm < 1_000_000_000_000_000_000 else { return nil }
        var digits = String(lcm)
        if scale > 0 {
            if digits.count <= scale { digits = String(repeating: "0", count: scale - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -scale))
        }
        return JSONNumber(literal: digits).map(JSONValue.number)
    }

    /// Lists the steps a number must not be a multiple of (the rewriting of `not: {multipleOf}`;
    /// not a JSON Schema keyword).
    static let excludedMultiplesKeyword = "$fm-excluded-multiples"

    /// The steps listed under `excludedMultiplesKeyword`.
    func excludedMultiples(_ object: JSONObject, path: String) throws(GrammarError) -> [DecimalValue] {
        guard let list = object[JSONSchemaCompiler.excludedMultiplesKeyword]?.array else { return [] }
        var steps: [DecimalValue] = []
        for value in list {
            guard let number = value.number, let decimal = DecimalValue(number), !decimal.isZero, !decimal.isNegative else {
                throw GrammarError(.invalidSchema, keyword: "multipleOf", path: path + "/not", detail: "must be a positive number")
            }
            steps.append(decimal)
        }
        return steps
    }

    /// Numbers under bounds, `multipleOf` or the non-integer marker: the exact digit automaton
    /// (`NumberAutomaton`), which also produces normalized exponent forms under bounds alone.
    func numberNode(_ object: JSONObject, path: String) throws(GrammarError) -> GrammarNode {
        let (lower, upper) = try bounds(object, path: path)
        // Numbers that are not integers (the rewriting of `not: {type: integer}`).
        let fractionalOnly = object[JSONSchemaCompiler.fractionalKeyword] != nil
        let multiple = try multipleOf(object, path: path)
        let excluded = try excludedMultiples(object, path: path)
        if lower == nil && upper == nil && multiple == nil && excluded.isEmpty && !fractionalOnly { return JSONSchemaCompiler.numberSyntax }
        let automaton = NumberAutomaton(lower: lower, upper: upper, multiple: multiple, excludedMultiples: excluded,
                                        fractionalOnly: fractionalOnly)
        do {
            return try automaton.dfa(limits: limits, path: path).node
        } catch {
            if options.lenient { return JSONSchemaCompiler.numberSyntax }
            throw error
        }
    }
}
