import JSONSchemaValidation
import Testing
@testable import StructuredDecoding
import TestSupport

/// Numeric keywords (`minimum`/`maximum`/`exclusive*` with decimal bounds, `multipleOf`) checked
/// through the real schema compiler against an exact reference written here independently:
/// number texts become integers counting 10^-20 (`Int128`), so every comparison and divisibility
/// check is integer arithmetic.
@Suite("NumberBounds") struct NumberBoundsTests: SchemaMatchingSuite {
    let compiler = GrammarCompiler(vocabulary: TinyVocabulary.vocabulary)

    // MARK: - Reference

    static let scale = 20

    static func powerOfTen(_ exponent: Int) -> Int128 {
        var value: Int128 = 1
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// The value of JSON number text times 10^20, exactly; nil when the text is not a JSON
    /// number or the value is not a whole number of 10^-20 within ±10^36.
    static func scaledValue(_ text: String) -> Int128? {
        guard case .exact(let value) = referenceValue(text) else { return nil }
        return value
    }

    /// A JSON number's value for the reference, in units of 10^-20: exact when it is a whole
    /// number of units, else the whole number below it; beyond 10^16 only its sign.
    enum ReferenceValue {
        case exact(Int128)
        case between(floor: Int128)
        case huge(negative: Bool)
    }

    static func referenceValue(_ text: String) -> ReferenceValue? {
        guard let parts = JSONNumberParts(text) else { return nil }
        let negative = parts.negative, fraction = parts.fraction, exponent = parts.exponent
        var digits = Array((parts.integer + fraction).drop { $0 == "0" })
        if digits.isEmpty { return .exact(0) }
        var shift = scale - fraction.count + exponent
        while shift < 0, digits.last == "0" {
            digits.removeLast()
            shift += 1
        }
        // value × 10^20 = digits × 10^shift, with digits.count + shift digits before the point.
        if digits.count + shift > 36 { return .huge(negative: negative) }
        var value: Int128 = 0
        for digit in digits.prefix(max(digits.count + min(shift, 0), 0)) {
            value = value * 10 + Int128(digit.wholeNumberValue ?? 0)
        }
        if shift < 0 { return .between(floor: negative ? -value - 1 : value) }
        value *= powerOfTen(shift)
        return .exact(negative ? -value : value)
    }

    /// What a schema asks of numbers, in reference terms.
    struct Constraints: CustomStringConvertible {
        var integer = false
        var lower: (text: String, exclusive: Bool)?
        var upper: (text: String, exclusive: Bool)?
        var multiple: String?
        /// A step the value must not be a multiple of (`not: {multipleOf}`).
        var excluded: String?

        var schema: String {
            var members = [#""type":"\#(integer ? "integer" : "number")""#]
            if let lower { members.append(#""\#(lower.exclusive ? "exclusiveMinimum" : "minimum")":\#(lower.text)"#) }
            if let upper { members.append(#""\#(upper.exclusive ? "exclusiveMaximum" : "maximum")":\#(upper.text)"#) }
            if let multiple { members.append(#""multipleOf":\#(multiple)"#) }
            if let excluded { members.append(#""not":{"multipleOf":\#(excluded)}"#) }
            return "{" + members.joined(separator: ",") + "}"
        }

        var description: String { schema }

        /// Exponent forms the grammar must accept too: normalized mantissas, bounds only.
        var producesExponents: Bool { !integer && multiple == nil && excluded == nil && (lower != nil || upper != nil) }

        /// Whether the value satisfies the constraints; nil when the reference cannot tell
        /// (a huge value and a `multipleOf`).
        func admits(_ reference: ReferenceValue) -> Bool? {
            // Bounds and steps here are whole numbers of 10^-20 below 10^5, so a value between
            // two units equals none of them and is no multiple, and huge ones order like ±∞.
            let one = NumberBoundsTests.powerOfTen(NumberBoundsTests.scale)
            func order(_ bound: String) -> Int {
                let bound = NumberBoundsTests.scaledValue(bound) ?? 0
                switch reference {
                case .exact(let value): return value < bound ? -1 : (value > bound ? 1 : 0)
                case .between(let floor): return floor >= bound ? 1 : -1
                case .huge(let negative): return negative ? -1 : 1
                }
            }
            if let lower {
                let order = order(lower.text)
                if order < 0 || (lower.exclusive && order == 0) { return false }
            }
            if let upper {
                let order = order(upper.text)
                if order > 0 || (upper.exclusive && order == 0) { return false }
            }
            switch reference {
            case .exact(let value):
                if integer && value % one != 0 { return false }
                if let multiple, let step = NumberBoundsTests.scaledValue(multiple), value % step != 0 { return false }
                if let excluded, let step = NumberBoundsTests.scaledValue(excluded), value % step == 0 { return false }
                return true
            case .between:
                return !integer && multiple == nil
            case .huge:
                return integer || multiple != nil || excluded != nil ? nil : true
            }
        }

        /// Whether the grammar promises to produce `text` when its value is admitted.
        func produces(_ text: String) -> Bool {
            let isExponent = text.contains("e") || text.contains("E")
            if integer { return !isExponent && !text.contains(".") && text != "-0" }
            if !isExponent { return true }
            // Normalized: one nonzero digit before the point.
            guard let parts = JSONNumberParts(text) else { return false }
            return producesExponents && parts.integer.count == 1 && parts.integer != "0"
        }
    }

    /// Texts for a value given as an integer count of 10^-3: shortest plain form, with a
    /// trailing zero, normalized exponent forms (both cases, signed exponents), and others.
    static func texts(thousandths value: Int) -> [String] {
        let negative = value < 0
        let magnitude = value.magnitude
        let integer = String(magnitude / 1000)
        var fraction = String(magnitude % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        let sign = negative ? "-" : ""
        let plain = sign + integer + (fraction.isEmpty ? "" : "." + fraction)
        var texts = [plain, plain + (fraction.isEmpty ? ".0" : "0")]
        if magnitude == 0 { return texts + ["-0", "-0.0", "0.000"] }
        // Normalized exponent form: d.ddd × 10^e, e = (digits of the thousandths) - 1 - 3.
        let all = String(magnitude)
        var significant = all
        while significant.last == "0" { significant.removeLast() }
        let exponent = all.count - 4
        let mantissa = String(significant.prefix(1)) + (significant.count > 1 ? "." + significant.dropFirst() : "")
        texts.append(sign + mantissa + "e" + String(exponent))
        texts.append(sign + mantissa + "E" + (exponent >= 0 ? "+" : "-") + "0" + String(abs(exponent)))
        // An unnormalized exponent form (never required; must be right when accepted).
        texts.append(sign + all + "e-3")
        return texts
    }

    /// A random bound or step text with at most three fraction digits, sometimes in exponent form.
    static func randomDecimal(_ generator: inout SeededRandom, in range: ClosedRange<Int>) -> String {
        let thousandths = Int.random(in: range, using: &generator)
        let texts = NumberBoundsTests.texts(thousandths: thousandths)
        return Bool.random(using: &generator) || texts.count < 3 ? texts[0] : texts[2]
    }

    static func randomConstraints(_ generator: inout SeededRandom) -> Constraints {
        var constraints = Constraints()
        constraints.integer = Int.random(in: 0..<5, using: &generator) == 0
        if Int.random(in: 0..<5, using: &generator) != 0 {
            constraints.lower = (randomDecimal(&generator, in: -40_000...20_000), Bool.random(using: &generator))
        }
        if Int.random(in: 0..<5, using: &generator) != 0 {
            constraints.upper = (randomDecimal(&generator, in: -20_000...40_000), Bool.random(using: &generator))
        }
        if Bool.random(using: &generator) {
            constraints.multiple = ["0.5", "0.25", "0.01", "2.5", "0.3", "1.5", "3", "7", "0.125", "1e-3", "0.05", "12.5", "1"]
                .randomElement(using: &generator)
        }
        if Int.random(in: 0..<4, using: &generator) == 0 {
            constraints.excluded = ["0.5", "0.3", "2", "3", "0.01", "1", "2.5"].randomElement(using: &generator)
        }
        return constraints
    }

    /// Random JSON number texts (and a few non-numbers), up to 3 integer and 5 fraction digits.
    static func randomTexts(_ generator: inout SeededRandom, count: Int) -> [String] {
        var texts: [String] = []
        func digits(_ count: Int) -> String {
            String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
        }
        for _ in 0..<count {
            var text = Bool.random(using: &generator) ? "-" : ""
            let integerCount = Int.random(in: 0...3, using: &generator)
            text += integerCount == 0 ? "0" : String(Int.random(in: 1...9, using: &generator)) + digits(integerCount - 1)
            if Bool.random(using: &generator) { text += "." + digits(Int.random(in: 1...5, using: &generator)) }
            if Int.random(in: 0..<4, using: &generator) == 0 {
                text += ["e", "E", "e+", "e-", "E-"].randomElement(using: &generator) ?? "e"
                text += digits(Int.random(in: 1...2, using: &generator))
            }
            texts.append(text)
        }
        return texts + ["", "-", "01", "1.", ".5", "+1", "1e", "--1", "1.5.2", "1e+", "0x10", "00", "-01.5"]
    }

    func check(_ constraints: Constraints, texts: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let compiled = try grammar(constraints.schema)
        for text in texts {
            let accepted = compiled.matches(Array(text.utf8))
            guard let value = NumberBoundsTests.referenceValue(text) else {
                #expect(!accepted, "\(constraints) accepted non-number \(text)", sourceLocation: sourceLocation)
                continue
            }
            guard let admitted = constraints.admits(value) else { continue }
            if accepted {
                #expect(admitted, "\(constraints) accepted \(text)", sourceLocation: sourceLocation)
            } else if admitted && constraints.produces(text) {
                Issue.record("\(constraints) rejected \(text)", sourceLocation: sourceLocation)
            }
        }
    }

    // MARK: - Randomized against the reference

    @Test(arguments: 0..<6)
    func randomConstraintsMatchTheReference(batch: Int) throws {
        var generator = SeededRandom(seed: 0x5EED_0000 + UInt64(batch))
        for _ in 0..<12 {
            let constraints = NumberBoundsTests.randomConstraints(&generator)
            // A grid around the bounds, every bound's neighbours, and random texts.
            let anchors = [constraints.lower?.text, constraints.upper?.text].compactMap { $0 }
                .compactMap { NumberBoundsTests.scaledValue($0) }
                .map { Int($0 / NumberBoundsTests.powerOfTen(NumberBoundsTests.scale - 3)) }
            var values = Set<Int>()
            for anchor in anchors { values.formUnion((anchor - 40)...(anchor + 40)) }
            for value in stride(from: -45_000, through: 45_000, by: 37) { values.insert(value) }
            var texts = values.sorted().flatMap { NumberBoundsTests.texts(thousandths: $0) }
            texts += NumberBoundsTests.randomTexts(&generator, count: 400)
            try check(constraints, texts: texts)
        }
    }

    @Test func referenceIsSane() {
        #expect(NumberBoundsTests.scaledValue("1.5") == 15 * NumberBoundsTests.powerOfTen(19))
        #expect(NumberBoundsTests.scaledValue("-1.25e2") == -125 * NumberBoundsTests.powerOfTen(20))
        #expect(NumberBoundsTests.scaledValue("1e-05") == NumberBoundsTests.powerOfTen(15))
        #expect(NumberBoundsTests.scaledValue("01") == nil)
        if case .between(let floor) = NumberBoundsTests.referenceValue("-1.5e-20") { #expect(floor == -2) } else { Issue.record("-1.5e-20") }
        if case .between(let floor) = NumberBoundsTests.referenceValue("1e-99") { #expect(floor == 0) } else { Issue.record("1e-99") }
        #expect(NumberBoundsTests.texts(thousandths: 1500) == ["1.5", "1.50", "1.5e0", "1.5E+00", "1500e-3"])
        #expect(NumberBoundsTests.texts(thousandths: -25) == ["-0.025", "-0.0250", "-2.5e-2", "-2.5E-02", "-25e-3"])
        #expect(NumberBoundsTests.texts(thousandths: 120_000) == ["120", "120.0", "1.2e2", "1.2E+02", "120000e-3"])
    }

    // MARK: - Edge cases

    @Test func decimalBoundsInclusiveAndExclusive() throws {
        try expectMatches(#"{"type":"number","minimum":0.5,"exclusiveMaximum":99.99}"#,
                          accepts: ["0.5", "0.50", "5e-1", "5.0E-01", "1", "99.989", "9.9989e1", "99.98999999"],
                          rejects: ["0.49999", "4.9e-1", "99.99", "99.990", "9.999e1", "100", "-1", "1e2", "1e1000"])
        try expectMatches(#"{"type":"number","minimum":-1.25e2,"maximum":-0.001}"#,
                          accepts: ["-125", "-125.0", "-1.25e2", "-124.999", "-0.001", "-1e-3", "-1E-03"],
                          rejects: ["-125.001", "-1.25001e2", "-0.0009", "0", "-0", "1", "-1e-4"])
    }

    @Test func zeroAndTrailingZeros() throws {
        try expectMatches(#"{"type":"number","minimum":0,"maximum":1.5}"#,
                          accepts: ["0", "-0", "0.0", "-0.0", "0.000", "1.5", "1.50", "1.500", "1.4999"],
                          rejects: ["1.5000001", "-0.0001", "1.51"])
        try expectMatches(#"{"type":"number","exclusiveMinimum":0}"#,
                          accepts: ["0.0001", "1e-100", "5"], rejects: ["0", "-0", "0.0", "-0.000", "-1e-100"])
        try expectMatches(#"{"type":"number","multipleOf":0.5}"#,
                          accepts: ["1.5", "1.50", "0", "-0", "-2.0", "1000000.5"], rejects: ["1.51", "0.25", "1e1"])
        try expectMatches(#"{"type":"number","multipleOf":0.01,"minimum":0}"#,
                          accepts: ["1.5", "1.50", "1.500", "19.99", "0.01"], rejects: ["1.505", "0.001", "-0.01"])
    }

    @Test func equalBoundsAndEmptyRanges() throws {
        try expectMatches(#"{"type":"number","minimum":2.5,"maximum":2.5}"#,
                          accepts: ["2.5", "2.50", "2.5e0", "2.5E+0"], rejects: ["2.4", "2.6", "2.5000001", "2"])
        // Nothing between the bounds: an empty language, as for integers.
        for schema in [#"{"type":"number","exclusiveMinimum":2.5,"exclusiveMaximum":2.5}"#,
                       #"{"type":"number","minimum":3.5,"maximum":2.5}"#,
                       #"{"type":"number","multipleOf":5,"minimum":1,"maximum":4.5}"#,
                       #"{"type":"integer","minimum":5,"maximum":4}"#,
                       #"{"type":"integer","exclusiveMinimum":4.2,"exclusiveMaximum":5}"#] {
            let compiled = try grammar(schema)
            for text in ["2.5", "2.50", "3", "4", "5", "0", "2.5e0"] {
                #expect(!compiled.matches(Array(text.utf8)), "\(schema) accepted \(text)")
            }
        }
    }

    @Test func boundsAreExactWhereDoublesAreNot() throws {
        try expectMatches(#"{"type":"number","minimum":0.1}"#,
                          accepts: ["0.1", "0.10000000000000000001"], rejects: ["0.09999999999999999", "0.0999999999999999999999"])
        try expectMatches(#"{"type":"number","exclusiveMinimum":0.1}"#,
                          accepts: ["0.10000000000000001"], rejects: ["0.1", "0.100"])
        try expectMatches(#"{"type":"integer","minimum":3.0000000000000000001}"#, accepts: ["4", "40"], rejects: ["3", "0"])
        try expectMatches(#"{"type":"integer","maximum":2.9999999999999999999}"#, accepts: ["2", "-5"], rejects: ["3"])
        // The tighter of minimum and exclusiveMinimum, compared exactly.
        try expectMatches(#"{"type":"number","minimum":0.30000000000000001,"exclusiveMinimum":0.3}"#,
                          accepts: ["0.30000000000000001"], rejects: ["0.3", "0.300000000000000009"])
    }

    @Test func integerMultiplesOfDecimals() throws {
        try expectMatches(#"{"type":"integer","multipleOf":1.5}"#,
                          accepts: ["0", "3", "-6", "300"], rejects: ["1", "2", "1.5", "4"])
        try expectMatches(#"{"type":"integer","multipleOf":0.5}"#, accepts: ["0", "1", "-7", "12345"], rejects: ["0.5"])
        try expectMatches(#"{"type":"integer","multipleOf":2.5,"minimum":-12,"maximum":12}"#,
                          accepts: ["-10", "-5", "0", "5", "10"], rejects: ["-15", "15", "2", "7"])
    }

    @Test func integerAutomatonForWideRanges() throws {
        let schema = #"{"type":"integer","multipleOf":7,"minimum":-1000000,"maximum":1000000}"#
        let compiled = try grammar(schema)
        var generator = SeededRandom(seed: 7)
        for _ in 0..<3_000 {
            let value = Int.random(in: -1_100_000...1_100_000, using: &generator)
            let expected = value % 7 == 0 && abs(value) <= 1_000_000
            #expect(compiled.matches(Array(String(value).utf8)) == expected, "\(value)")
        }
        try expectMatches(#"{"type":"integer","maximum":1e30,"exclusiveMinimum":-1e25}"#,
                          accepts: ["1000000000000000000000000000000", "0", "-9999999999999999999999999"],
                          rejects: ["1000000000000000000000000000001", "-10000000000000000000000000", "1e30", "1.0"])
    }

    @Test func numbersThatAreNotIntegers() throws {
        try expectMatches(#"{"type":"number","not":{"type":"integer"},"minimum":0.5,"maximum":2}"#,
                          accepts: ["0.5", "1.5", "1.999"], rejects: ["1", "1.0", "2", "2.0", "0.4", "2.5"])
    }

    @Test func negatedMultiples() throws {
        try expectMatches(#"{"type":"number","not":{"multipleOf":0.5}}"#,
                          accepts: ["0.3", "1.25", "-0.1", "7.0001"], rejects: ["1", "0.5", "-2", "0", "-0", "1.50", "1e5"])
        try expectMatches(#"{"type":"integer","not":{"multipleOf":3}}"#, accepts: ["1", "2", "-4", "100"], rejects: ["3", "0", "-6", "1.5"])
        // Non-numbers satisfy `multipleOf`, so its negation is numbers only.
        try expectMatches(#"{"not":{"multipleOf":2}}"#, accepts: ["1", "2.5", "-3"], rejects: ["2", "4.0", "0", #""a""#, "null", "[2]"])
        try expectMatches(#"{"enum":[1,2,3,4.5],"not":{"multipleOf":1.5}}"#, accepts: ["1", "2"], rejects: ["3", "4.5"])
        try expectMatches(#"{"type":"integer","allOf":[{"not":{"multipleOf":2}},{"not":{"multipleOf":3}}]}"#,
                          accepts: ["1", "5", "7", "-11"], rejects: ["2", "3", "4", "6", "-9"])
        try expectMatches(#"{"type":"integer","not":{"minimum":3}}"#, accepts: ["2", "-5"], rejects: ["3", "4"])
    }

    @Test func multiplesOfSeveralSteps() throws {
        // allOf of two steps: multiples of their least common multiple.
        try expectMatches(#"{"type":"number","allOf":[{"multipleOf":0.3},{"multipleOf":0.25}]}"#,
                          accepts: ["0", "1.5", "3", "-4.5", "1.50"], rejects: ["0.3", "0.25", "0.75", "2", "1.6"])
        try expectMatches(#"{"type":"integer","allOf":[{"multipleOf":4},{"multipleOf":6}]}"#,
                          accepts: ["0", "12", "-24"], rejects: ["4", "6", "18"])
        // Several excluded steps share one remainder modulo their lcm.
        let schema = #"{"type":"integer","allOf":[{"not":{"multipleOf":6}},{"not":{"multipleOf":10}},{"not":{"multipleOf":15}},{"not":{"multipleOf":49}},{"not":{"multipleOf":14}}]}"#
        let compiled = try grammar(schema)
        for value in -500...500 {
            let expected = ![6, 10, 15, 49, 14].contains { value % $0 == 0 }
            #expect(compiled.matches(Array(String(value).utf8)) == expected, "\(value)")
        }
        #expect(JSONSchemaCompiler.leastCommonMultiple(0.3, 0.25) == .number(try #require(JSONNumber(literal: "1.50"))))
        #expect(JSONSchemaCompiler.leastCommonMultiple(0.001, 0.003) == .number(try #require(JSONNumber(literal: "0.003"))))
        #expect(JSONSchemaCompiler.leastCommonMultiple(-2, 3) == nil)
    }

    @Test func oversizedKeywordsAreNamedErrors() throws {
        let cases: [(String, String, String)] = [
            (#"{"type":"number","multipleOf":0.123457}"#, "multipleOf", "#"),
            (#"{"properties":{"a":{"type":"number","maximum":1e5000}}}"#, "maximum", "#/properties/a"),
            (#"{"properties":{"b":{"type":"number","exclusiveMinimum":1e-5000}}}"#, "exclusiveMinimum", "#/properties/b"),
        ]
        for (schema, keyword, path) in cases {
            let error = #expect(throws: GrammarError.self, "\(schema)") { _ = try grammar(schema) }
            #expect(error?.kind == .budgetExceeded, "\(String(describing: error))")
            #expect(error?.keyword == keyword, "\(String(describing: error))")
            #expect(error?.path == path, "\(String(describing: error))")
        }
        for schema in [#"{"type":"number","multipleOf":-0.5}"#, #"{"type":"number","multipleOf":0}"#, #"{"type":"integer","multipleOf":"2"}"#] {
            #expect(throws: GrammarError.self, "\(schema)") { _ = try grammar(schema) }
        }
    }
}

/// The pieces of JSON number text `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, parsed by
/// hand (Swift `Regex` is too slow in debug builds for a million texts).
struct JSONNumberParts {
    var negative = false
    var integer = ""
    var fraction = ""
    var exponent = 0

    init?(_ text: String) {
        var rest = Substring(text)
        func digits() -> String {
            let run = rest.prefix { $0.isASCII && $0.isNumber }
            rest = rest.dropFirst(run.count)
            return String(run)
        }
        if rest.first == "-" {
            negative = true
            rest = rest.dropFirst()
        }
        integer = digits()
        guard !integer.isEmpty, integer == "0" || integer.first != "0" else { return nil }
        if rest.first == "." {
            rest = rest.dropFirst()
            fraction = digits()
            guard !fraction.isEmpty else { return nil }
        }
        if rest.first == "e" || rest.first == "E" {
            rest = rest.dropFirst()
            var sign = 1
            if rest.first == "+" || rest.first == "-" {
                sign = rest.first == "-" ? -1 : 1
                rest = rest.dropFirst()
            }
            let text = digits()
            guard !text.isEmpty, let value = Int(text.suffix(15)) else { return nil }
            exponent = sign * (text.count > 15 ? Int(1e15) : value)
        }
        guard rest.isEmpty else { return nil }
    }
}
