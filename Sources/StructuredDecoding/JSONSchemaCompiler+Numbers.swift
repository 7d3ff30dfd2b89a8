import JSONSchemaValidation

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

    /// A numeric bound: its value and whether it is exclusive.
    struct Bound {
        var value: JSONNumber
        var isExclusive: Bool
    }

    /// Reads minimum/maximum with both the draft 6+ (numeric exclusive*) and draft 4 (boolean
    /// exclusive*) spellings; the tighter bound wins.
    func bounds(_ object: JSONObject, path: String) throws(GrammarError) -> (lower: Bound?, upper: Bound?) {
        func number(_ keyword: String) throws(GrammarError) -> JSONNumber? {
            guard let value = object[keyword] else { return nil }
            if case .bool = value { return nil }
            guard let number = value.number else {
                throw GrammarError(.invalidSchema, keyword: keyword, path: path, detail: "must be a number")
            }
            return number
        }
        var lower = try number("minimum").map { Bound(value: $0, isExclusive: object["exclusiveMinimum"] == .bool(true)) }
        var upper = try number("maximum").map { Bound(value: $0, isExclusive: object["exclusiveMaximum"] == .bool(true)) }
        if let exclusive = try number("exclusiveMinimum"),
           lower.map({ exclusive.doubleValue >= $0.value.doubleValue }) ?? true {
            lower = Bound(value: exclusive, isExclusive: true)
        }
        if let exclusive = try number("exclusiveMaximum"),
           upper.map({ exclusive.doubleValue <= $0.value.doubleValue }) ?? true {
            upper = Bound(value: exclusive, isExclusive: true)
        }
        return (lower, upper)
    }

    /// Smallest integer allowed by a lower bound (nil: unbounded or beyond Int64).
    static func integerFloor(_ bound: Bound?) -> Int64? {
        guard let bound else { return nil }
        if let exact = bound.value.int64Value { return bound.isExclusive ? exact &+ 1 : exact }
        let value = bound.value.doubleValue
        guard value.isFinite, abs(value) < 9e18 else { return value < 0 ? nil : Int64.max }
        return Int64(value.rounded(.up))
    }

    static func integerCeiling(_ bound: Bound?) -> Int64? {
        guard let bound else { return nil }
        if let exact = bound.value.int64Value { return bound.isExclusive ? exact &- 1 : exact }
        let value = bound.value.doubleValue
        guard value.isFinite, abs(value) < 9e18 else { return value > 0 ? nil : Int64.min }
        return Int64(value.rounded(.down))
    }

    func integerNode(_ object: JSONObject, path: String) throws(GrammarError) -> GrammarNode {
        let (lower, upper) = try bounds(object, path: path)
        for bound in [lower, upper].compactMap({ $0 }) where abs(bound.value.doubleValue) >= 9e18 && bound.value.int64Value == nil {
            throw GrammarError(.unsupportedKeyword, keyword: bound.isExclusive ? "exclusiveMaximum" : "maximum", path: path,
                               detail: "integer bound \(bound.value) beyond 64 bits")
        }
        let low = JSONSchemaCompiler.integerFloor(lower)
        let high = JSONSchemaCompiler.integerCeiling(upper)
        if let low, let high, low > high { return .nothing }
        if let multiple = object["multipleOf"] {
            guard let number = multiple.number, number.doubleValue > 0 else {
                throw GrammarError(.invalidSchema, keyword: "multipleOf", path: path, detail: "must be a positive number")
            }
            guard let step = number.int64Value else {
                if options.lenient { return JSONSchemaCompiler.integerRange(low: low, high: high) }
                throw GrammarError(.unsupportedKeyword, keyword: "multipleOf", path: path, detail: "non-integer multipleOf for an integer")
            }
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
            if options.lenient { return JSONSchemaCompiler.integerRange(low: low, high: high) }
            throw GrammarError(.unsupportedKeyword, keyword: "multipleOf", path: path, detail: "multipleOf with a wide range")
        }
        return JSONSchemaCompiler.integerRange(low: low, high: high)
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

    /// Numbers between integer-valued bounds: integer part ranges plus fractions; exponents
    /// are not produced under bounds. Non-integer bounds are an error (unless lenient).
    func numberNode(_ object: JSONObject, path: String) throws(GrammarError) -> GrammarNode {
        let (lower, upper) = try bounds(object, path: path)
        // Numbers that are not integers (the rewriting of `not: {type: integer}`).
        let fractionalOnly = object[JSONSchemaCompiler.fractionalKeyword] != nil
        if let multiple = object["multipleOf"] {
            guard let number = multiple.number, number.doubleValue > 0 else {
                throw GrammarError(.invalidSchema, keyword: "multipleOf", path: path, detail: "must be a positive number")
            }
            if number.isInteger { return fractionalOnly ? .nothing : try integerNode(object, path: path) }
            if !options.lenient {
                throw GrammarError(.unsupportedKeyword, keyword: "multipleOf", path: path, detail: "non-integer multipleOf")
            }
        }
        if lower == nil && upper == nil && !fractionalOnly { return JSONSchemaCompiler.numberSyntax }
        for bound in [lower, upper].compactMap({ $0 }) where !bound.value.isInteger || bound.value.int64Value == nil {
            if options.lenient { return JSONSchemaCompiler.numberSyntax }
            throw GrammarError(.unsupportedKeyword, keyword: bound.isExclusive ? "exclusiveMinimum" : "minimum", path: path,
                               detail: "non-integer or huge numeric bound \(bound.value) for a number")
        }
        let low = lower.flatMap { $0.value.int64Value }, high = upper.flatMap { $0.value.int64Value }
        let lowExclusive = lower?.isExclusive ?? false, highExclusive = upper?.isExclusive ?? false
        let zeros = GrammarNode.optional(.sequence([.bytes([UInt8(ascii: ".")]), .repetition(.bytes([UInt8(ascii: "0")]), min: 1, max: nil)]))
        let fraction = GrammarNode.sequence([
            .bytes([UInt8(ascii: ".")]), .repetition(JSONSchemaCompiler.digit, min: 0, max: nil),
            JSONSchemaCompiler.nonZeroDigit, .repetition(JSONSchemaCompiler.digit, min: 0, max: nil),
        ])
        var branches: [GrammarNode] = []
        // x >= 0 written without '-': x = a.f
        let wholeLow = max(0, low.map { lowExclusive ? $0 + 1 : $0 } ?? 0)
        let wholeHigh = high.map { highExclusive ? $0 - 1 : $0 }
        if !fractionalOnly, wholeHigh.map({ $0 >= wholeLow }) ?? true {
            branches.append(.sequence([JSONSchemaCompiler.magnitudeRange(UInt64(wholeLow), wholeHigh.map { UInt64($0) }), zeros]))
        }
        let fractionLow = max(0, low ?? 0)
        let fractionHigh = high.map { $0 - 1 }
        if fractionHigh.map({ $0 >= fractionLow }) ?? true {
            branches.append(.sequence([JSONSchemaCompiler.magnitudeRange(UInt64(fractionLow), fractionHigh.map { UInt64($0) }), fraction]))
        }
        // x < 0: magnitude m = a.f with m in [-high, -low] (exclusivity carried over).
        if low.map({ $0 < 0 }) ?? true {
            let magnitudeLow = high.map { -$0 }, magnitudeHigh = low.map { -$0 }
            var negative: [GrammarNode] = []
            let negWholeLow = max(1, magnitudeLow.map { highExclusive ? $0 + 1 : $0 } ?? 1)
            let negWholeHigh = magnitudeHigh.map { lowExclusive ? $0 - 1 : $0 }
            if !fractionalOnly, negWholeHigh.map({ $0 >= negWholeLow }) ?? true {
                negative.append(.sequence([JSONSchemaCompiler.magnitudeRange(UInt64(negWholeLow), negWholeHigh.map { UInt64($0) }), zeros]))
            }
            let negFractionLow = max(0, magnitudeLow ?? 0)
            let negFractionHigh = magnitudeHigh.map { $0 - 1 }
            if negFractionHigh.map({ $0 >= negFractionLow }) ?? true {
                negative.append(.sequence([JSONSchemaCompiler.magnitudeRange(UInt64(negFractionLow), negFractionHigh.map { UInt64($0) }), fraction]))
            }
            if !negative.isEmpty { branches.append(.sequence([.bytes([UInt8(ascii: "-")]), .choice(negative)])) }
        }
        if branches.isEmpty { return .nothing }
        return .choice(branches)
    }
}
