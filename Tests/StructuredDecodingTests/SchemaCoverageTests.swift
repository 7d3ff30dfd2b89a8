import JSONSchemaValidation
import Testing
@testable import StructuredDecoding

/// Keywords compiled through eager automata (`ByteDFA`): `patternProperties`, `propertyNames`,
/// `pattern` with length bounds. Each language is checked byte-wise, and against the
/// independent validator (`JSONSchemaValidation`) so the grammar never accepts an invalid value.
@Suite("SchemaCoverage") struct SchemaCoverageTests: SchemaMatchingSuite {
    let compiler = GrammarCompiler(vocabulary: TinyVocabulary.vocabulary)

    @Test func automatonBooleanOperations() throws {
        let limits = GrammarLimits()
        let ab = try ByteDFA(.repetition(.literal("ab"), min: 0, max: nil), limits: limits, keyword: "t", path: "#")
        let short = try ByteDFA(.repetition(.byteSet([0x61...0x62]), min: 0, max: 4), limits: limits, keyword: "t", path: "#")
        let both = try ab.combined(with: short, .intersection, limits: limits, keyword: "t", path: "#")
        let either = try ab.combined(with: short, .union, limits: limits, keyword: "t", path: "#")
        let onlyAB = try ab.combined(with: short, .difference, limits: limits, keyword: "t", path: "#")
        for text in ["", "ab", "abab", "ababab", "a", "ba", "bbbb", "aaaaa"] {
            let inAB = ab.matches(Array(text.utf8)), inShort = short.matches(Array(text.utf8))
            #expect(both.matches(Array(text.utf8)) == (inAB && inShort), "\(text)")
            #expect(either.matches(Array(text.utf8)) == (inAB || inShort), "\(text)")
            #expect(onlyAB.matches(Array(text.utf8)) == (inAB && !inShort), "\(text)")
        }
        let none = try short.combined(with: short, .difference, limits: limits, keyword: "t", path: "#")
        #expect(none.isEmpty)
    }

    @Test func patternWithLengthBounds() throws {
        try expectMatches(#"{"type":"string","pattern":"^[a-z]+$","minLength":2,"maxLength":4}"#,
                          accepts: [#""ab""#, #""abcd""#], rejects: [#""a""#, #""abcde""#, #""aB""#, #""""#])
        try expectMatches(#"{"type":"string","pattern":"x","maxLength":3}"#,
                          accepts: [#""x""#, #""éx""#, #""\nx""#, #""axb""#], rejects: [#""abcx""#, #""ab""#, #""\u000ax""#])
        try expectMatches(#"{"type":"string","format":"date","pattern":"^2020"}"#,
                          accepts: [#""2020-02-29""#], rejects: [#""2021-01-01""#, #""2020-02-30""#])
    }

    @Test func patternPropertiesSplitKeysByMatchingPatterns() throws {
        let schema = #"{"type":"object","properties":{"fo":{"type":"integer"}},"patternProperties":{"^f":{"type":"integer"},"o$":{"minimum":10}},"additionalProperties":{"type":"string"}}"#
        try expectMatches(schema,
                          accepts: [#"{"fo":12}"#, #"{"fa":1}"#, #"{"fo":10,"xo":11}"#, #"{"foo":12}"#, #"{"x":"s"}"#, #"{"fa":2,"b":"c"}"#],
                          rejects: [#"{"fo":1}"#, #"{"fa":"s"}"#, #"{"xo":9}"#, #"{"foo":10.5}"#, #"{"foo":3}"#, #"{"x":1}"#])
    }

    @Test func patternPropertiesWithoutAdditional() throws {
        let schema = #"{"type":"object","patternProperties":{"^[a-z]+$":{"type":"boolean"}},"additionalProperties":false}"#
        try expectMatches(schema, accepts: [#"{}"#, #"{"ab":true}"#, #"{"a":true,"b":false}"#],
                          rejects: [#"{"A":true}"#, #"{"":true}"#, #"{"a":1}"#, #"{"a1":true}"#])
    }

    @Test func propertyNamesRestrictKeys() throws {
        try expectMatches(#"{"type":"object","propertyNames":{"maxLength":2},"properties":{"abc":{}}}"#,
                          accepts: [#"{}"#, #"{"ab":1}"#], rejects: [#"{"abc":1}"#, #"{"abcd":1}"#])
        try expectMatches(#"{"type":"object","propertyNames":{"enum":["a","b"]}}"#,
                          accepts: [#"{"a":1,"b":2}"#], rejects: [#"{"c":1}"#])
    }

    /// Every sample is checked against the independent validator as well: the grammar accepts
    /// exactly the valid ones among them.
    func expectAgreesWithValidator(_ schema: String, samples: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let value = try JSONValue(parsing: schema)
        let compiled = try compiler.compile(jsonSchema: value)
        let validator = try JSONSchema(value)
        for sample in samples {
            let instance = try JSONValue(parsing: sample)
            let valid = validator.validate(instance).isValid
            // The grammar fixes the member order; a value is in its language in some order.
            let accepted = SchemaCoverageTests.orderings(instance).contains { compiled.matches(Array($0.serialized().utf8)) }
            #expect(accepted == valid, "\(sample) valid: \(valid)", sourceLocation: sourceLocation)
        }
    }

    /// The value with its top-level members in every order (samples have at most 3).
    static func orderings(_ value: JSONValue) -> [JSONValue] {
        guard let object = value.object, object.count > 1 else { return [value] }
        let members = object.keys.compactMap { key in object[key].map { (key: key, value: $0) } }
        func permutations(_ items: [(key: String, value: JSONValue)]) -> [[(key: String, value: JSONValue)]] {
            guard items.count > 1 else { return [items] }
            return items.indices.flatMap { index in
                var rest = items
                let first = rest.remove(at: index)
                return permutations(rest).map { [first] + $0 }
            }
        }
        return permutations(members).map { .object(JSONObject($0)) }
    }

    static let samples = [
        "null", "true", "false", "0", "1", "-3", "2.5", "-0.5", "10", "\"\"", "\"a\"", "\"abc\"", "\"x1\"", "[]", "[1]", "[1,2,3]",
        "{}", #"{"a":1}"#, #"{"b":2}"#, #"{"a":1,"b":2}"#, #"{"a":"s"}"#,
    ]

    @Test(arguments: [
        #"{"not":{"type":"string"}}"#,
        #"{"not":{"type":"integer"}}"#,
        #"{"not":{"type":["number","null"]}}"#,
        #"{"type":"string","not":{"enum":["a","abc"]}}"#,
        #"{"not":{"enum":["a",true,null]}}"#,
        #"{"not":{"const":"a"}}"#,
        #"{"not":{"pattern":"^a"}}"#,
        #"{"type":"string","not":{"minLength":2}}"#,
        #"{"not":{"maximum":1}}"#,
        #"{"not":{"exclusiveMinimum":0}}"#,
        #"{"not":{"multipleOf":2}}"#,
        #"{"type":"integer","not":{"multipleOf":0.5}}"#,
        #"{"not":{"multipleOf":0.5}}"#,
        #"{"type":"integer","not":{"minimum":1}}"#,
        #"{"not":{"required":["a"]}}"#,
        #"{"type":"object","not":{"required":["a","b"]}}"#,
        #"{"not":{"properties":{"a":{"type":"integer"}}}}"#,
        #"{"not":{"anyOf":[{"type":"integer"},{"type":"string"}]}}"#,
        #"{"not":{"oneOf":[{"type":"integer"},{"minimum":2}]}}"#,
        #"{"not":{"allOf":[{"type":"integer"},{"minimum":5}]}}"#,
        #"{"not":{"not":{"type":"array"}}}"#,
        #"{"allOf":[{"not":{"type":"string"}},{"not":{"type":"null"}}]}"#,
        #"{"not":{"maxItems":1}}"#,
        #"{"not":{}}"#,
        #"{"not":false}"#,
        #"{"type":"object","patternProperties":{"^a":{"not":{"type":"integer"}}}}"#,
    ])
    func negationsAgreeWithTheValidator(schema: String) throws {
        try expectAgreesWithValidator(schema, samples: SchemaCoverageTests.samples)
    }

    @Test(arguments: [
        (#"{"not":{"contains":{"type":"string"}}}"#, "unsupported keyword 'not' at #/not: cannot negate 'contains'"),
        (#"{"not":{"items":{"type":"string"}}}"#, "unsupported keyword 'not' at #/not: cannot negate 'items'"),
        (#"{"not":{"enum":[1,2]}}"#, "unsupported keyword 'not' at #/not: cannot exclude number values"),
    ] as [(String, String)])
    func negationsWithoutARewritingAreErrors(schema: String, message: String) throws {
        #expect {
            _ = try compiler.compile(jsonSchema: try JSONValue(parsing: schema))
        } throws: { error in
            (error as? GrammarError)?.description == message
        }
    }

    @Test func enumValuesMustSatisfyTheOtherKeywords() throws {
        try expectMatches(#"{"enum":["a","bb",3],"type":"string","maxLength":1}"#, accepts: [#""a""#], rejects: [#""bb""#, "3"])
        try expectMatches(#"{"const":"a","enum":["b"]}"#, accepts: [], rejects: [#""a""#, #""b""#])
    }

    @Test(arguments: [
        #"{"dependentRequired":{"a":["b"]}}"#,
        #"{"type":"object","properties":{"a":{},"b":{}},"dependencies":{"a":["b"],"b":{"required":["a"]}}}"#,
        #"{"dependentSchemas":{"a":{"properties":{"b":{"type":"string"}}}}}"#,
        #"{"type":"object","dependentSchemas":{"b":false}}"#,
    ])
    func dependenciesAgreeWithTheValidator(schema: String) throws {
        try expectAgreesWithValidator(schema, samples: SchemaCoverageTests.samples + [#"{"a":1,"b":"s"}"#, #"{"b":"s"}"#])
    }

    @Test(arguments: [
        #"{"oneOf":[{"required":["a"]},{"properties":{"b":{"type":"integer"}}}]}"#,
        #"{"oneOf":[{"type":"integer"},{"minimum":2}]}"#,
        #"{"oneOf":[{"type":"object","properties":{"a":{}},"additionalProperties":false},{"type":"object","properties":{"b":{}},"additionalProperties":false}]}"#,
        #"{"type":"object","oneOf":[{"properties":{"a":{"const":1}},"required":["a"]},{"properties":{"b":{"type":"string"}},"required":["b"]}]}"#,
        #"{"oneOf":[{"type":"string","pattern":"^a"},{"type":"string","pattern":"c$"}]}"#,
        #"{"oneOf":[{"oneOf":[{"required":["a"]},{"required":["b"]}]},{"properties":{"a":{"type":"string"}}}]}"#,
    ])
    func overlappingOneOfNeverAcceptsAValueOfTwoBranches(schema: String) throws {
        try expectAgreesWithValidator(schema, samples: SchemaCoverageTests.samples + [#"{"a":1,"b":"s"}"#, #"{"b":"s"}"#, #""ac""#, #""bc""#])
    }
}
