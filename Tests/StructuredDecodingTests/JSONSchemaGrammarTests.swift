import JSONSchemaValidation
import Testing
@testable import StructuredDecoding

/// Schema semantics checked byte-wise with `CompiledGrammar.matches` (no tokenizer involved).
@Suite("JSONSchemaGrammar") struct JSONSchemaGrammarTests: SchemaMatchingSuite {
    let compiler = GrammarCompiler(vocabulary: TinyVocabulary.vocabulary)

    @Test(arguments: [(-7, 23), (0, 0), (-150, -3), (5, 1200), (-1, 1)] as [(Int, Int)])
    func integerRangesAreExact(low: Int, high: Int) throws {
        let compiled = try grammar(#"{"type":"integer","minimum":\#(low),"maximum":\#(high)}"#)
        for value in -1300...1300 {
            #expect(compiled.matches(Array(String(value).utf8)) == (low...high).contains(value), "\(value)")
        }
        #expect(!compiled.matches(Array("01".utf8)))
        #expect(!compiled.matches(Array("1.0".utf8)))
    }

    @Test func exclusiveAndOpenIntegerBounds() throws {
        try expectMatches(#"{"type":"integer","exclusiveMinimum":9}"#, accepts: ["10", "99", "123456789"], rejects: ["9", "0", "-10"])
        try expectMatches(#"{"type":"integer","exclusiveMaximum":-9}"#, accepts: ["-10", "-99999"], rejects: ["-9", "0", "5"])
        try expectMatches(#"{"type":"integer","minimum":2.5}"#, accepts: ["3", "40"], rejects: ["2", "-3"])
    }

    @Test func numberBounds() throws {
        try expectMatches(#"{"type":"number","minimum":0,"maximum":1}"#,
                          accepts: ["0", "1", "0.5", "0.999", "1.0", "1.000"], rejects: ["-0.5", "1.5", "2", "1.01", "-1"])
        try expectMatches(#"{"type":"number","exclusiveMinimum":-2,"maximum":3}"#,
                          accepts: ["-1.99", "-1", "0", "2.5", "3"], rejects: ["-2", "-2.0", "-2.5", "3.1", "4"])
        try expectMatches(#"{"type":"number"}"#, accepts: ["1e5", "-0.5E-3", "12"], rejects: ["01", ".5", "1.", "+1"])
    }

    @Test func multipleOf() throws {
        try expectMatches(#"{"type":"integer","multipleOf":7}"#, accepts: ["0", "7", "-14", "700"], rejects: ["1", "15", "-8"])
        try expectMatches(#"{"type":"integer","multipleOf":5,"minimum":3,"maximum":21}"#, accepts: ["5", "10", "20"], rejects: ["0", "25", "7"])
    }

    @Test func objectsKeepSchemaOrderAndOptionality() throws {
        let schema = #"{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"boolean"},"c":{"type":"null"}},"required":["b"],"additionalProperties":false}"#
        try expectMatches(schema, accepts: [#"{"b":true}"#, #"{"a":1,"b":false}"#, #"{"a":1,"b":false,"c":null}"#, #"{"b":true,"c":null}"#],
                          rejects: [#"{}"#, #"{"a":1}"#, #"{"b":true,"a":1}"#, #"{"b":true,"d":1}"#, #"{,"b":true}"#, #"{"b":true,}"#])
    }

    @Test func additionalPropertiesExcludeNamedKeys() throws {
        let schema = #"{"type":"object","properties":{"ab":{"type":"integer"}},"additionalProperties":{"type":"string"}}"#
        try expectMatches(schema, accepts: [#"{"ab":1,"a":"x"}"#, #"{"abc":"x"}"#, #"{"b":"x","c":"y"}"#, #"{}"#],
                          rejects: [#"{"ab":"x"}"#, #"{"ab":1,"ab":"x"}"#, #"{"a":1}"#])
    }

    @Test func minAndMaxProperties() throws {
        let schema = #"{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"integer"}},"minProperties":1,"maxProperties":2}"#
        try expectMatches(schema, accepts: [#"{"a":1}"#, #"{"a":1,"b":2}"#, #"{"x":1,"y":2}"#], rejects: [#"{}"#, #"{"a":1,"b":2,"c":3}"#])
    }

    @Test func arrays() throws {
        try expectMatches(#"{"type":"array","items":{"type":"integer"},"minItems":1,"maxItems":3}"#,
                          accepts: ["[1]", "[1,2,3]"], rejects: ["[]", "[1,2,3,4]", "[1,]", "[,1]", #"["a"]"#])
        try expectMatches(#"{"type":"array","prefixItems":[{"type":"string"},{"type":"integer"}],"items":false}"#,
                          accepts: ["[]", #"["a"]"#, #"["a",1]"#], rejects: [#"["a",1,2]"#, "[1]"])
        try expectMatches(#"{"type":"array","items":[{"type":"string"}],"additionalItems":{"type":"boolean"},"minItems":2}"#,
                          accepts: [#"["a",true]"#, #"["a",true,false]"#], rejects: [#"["a"]"#, #"["a",1]"#])
    }

    @Test func recursiveReferences() throws {
        let schema = ##"{"$defs":{"node":{"type":"object","properties":{"v":{"type":"integer"},"next":{"$ref":"#/$defs/node"}},"required":["v"],"additionalProperties":false}},"$ref":"#/$defs/node"}"##
        try expectMatches(schema, accepts: [#"{"v":1}"#, #"{"v":1,"next":{"v":2,"next":{"v":3}}}"#],
                          rejects: [#"{"v":1,"next":{}}"#, #"{"next":{"v":1}}"#])
    }

    @Test func combinators() throws {
        try expectMatches(#"{"anyOf":[{"type":"integer"},{"type":"string","maxLength":2}]}"#,
                          accepts: ["1", #""ab""#], rejects: [#""abc""#, "true"])
        try expectMatches(#"{"allOf":[{"type":"object","properties":{"a":{"type":"integer"}},"required":["a"]},{"properties":{"b":{"type":"integer"}},"required":["b"]}]}"#,
                          accepts: [#"{"a":1,"b":2}"#], rejects: [#"{"a":1}"#, #"{"b":2}"#])
        try expectMatches(#"{"enum":["a",1,null,{"x":[true]}]}"#, accepts: [#""a""#, "1", "null", #"{"x":[true]}"#], rejects: [#""b""#, "2"])
        try expectMatches(#"{"const":"é"}"#, accepts: [#""é""#], rejects: [#""e""#])
    }

    @Test func stringsPatternsAndFormats() throws {
        try expectMatches(#"{"type":"string","minLength":2,"maxLength":3}"#,
                          accepts: [#""ab""#, #""éé""#, #""a\nb""#], rejects: [#""a""#, #""abcd""#, "\"a\u{1}\""])
        try expectMatches(#"{"type":"string","pattern":"^[a-c]+\\d{2}$"}"#, accepts: [#""ab12""#], rejects: [#""ab1""#, #""xab12""#])
        try expectMatches(#"{"type":"string","pattern":"x\"y"}"#, accepts: [#""..x\"y..""#], rejects: [#""x"y""#])
        try expectMatches(#"{"type":"string","format":"date"}"#,
                          accepts: [#""2024-02-29""#, #""2000-02-29""#, #""2023-12-31""#],
                          rejects: [#""2023-02-29""#, #""1900-02-29""#, #""2023-04-31""#, #""2023-13-01""#])
        try expectMatches(#"{"type":"string","format":"uuid"}"#, accepts: [#""123e4567-e89b-12d3-a456-426614174000""#], rejects: [#""123""#])
        try expectMatches(#"{"type":"string","format":"ipv4"}"#, accepts: [#""192.168.0.1""#], rejects: [#""256.1.1.1""#])
    }

    @Test func lengthBoundsImpliedByAPatternAreAccepted() throws {
        try expectMatches(#"{"type":"string","pattern":"^[a-z]{3,10}$","minLength":2,"maxLength":10}"#,
                          accepts: [#""abc""#], rejects: [#""ab""#, #""abcdefghijk""#])
        // Bounds the pattern does not imply are intersected with it.
        try expectMatches(#"{"type":"string","pattern":"^[a-z]{3,10}$","maxLength":5}"#,
                          accepts: [#""abc""#, #""abcde""#], rejects: [#""abcdef""#, #""ab""#])
        try expectMatches(#"{"type":"string","pattern":"[a-z]","maxLength":5}"#,
                          accepts: [#""a""#, #""12a45""#], rejects: [#""123456a""#, #""12345""#])
    }

    @Test func oneOfIsExact() throws {
        // Branches that differ only in `required`: exactly one of the names.
        try expectMatches(#"{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"integer"}},"oneOf":[{"required":["a"]},{"required":["b"]}]}"#,
                          accepts: [#"{"a":1}"#, #"{"b":2}"#], rejects: [#"{"a":1,"b":2}"#, #"{}"#])
        // Disjoint branches: plain alternatives.
        try expectMatches(#"{"oneOf":[{"type":"string"},{"type":"integer"}]}"#, accepts: [#""x""#, "1"], rejects: ["true"])
        // Overlapping branches: each branch minus the others.
        try expectMatches(#"{"oneOf":[{"type":"string"},{"type":"string","maxLength":2}]}"#,
                          accepts: [#""abc""#], rejects: [#""""#, #""ab""#, "1"])
    }

    @Test func untypedSchemasAllowEveryType() throws {
        try expectMatches(#"{"properties":{"a":{"type":"integer"}}}"#, accepts: [#"{"a":1}"#, "3", #""s""#, "[1]"], rejects: [#"{"a":"x"}"#])
        try expectMatches(#"true"#, accepts: [#"{"a":[1,{"b":null}]}"#, "-1.5e3"], rejects: ["{", "[1,]"])
        try expectMatches(#"false"#, accepts: [], rejects: ["1", "null"])
    }

    @Test(arguments: [
        (#"{"type":"object","properties":{"a":{"contains":{}}}}"#, "unsupported keyword 'contains' at #/properties/a"),
        (#"{"if":{"type":"string"}}"#, "unsupported keyword 'if' at #"),
        (#"{"type":"array","uniqueItems":true}"#, "unsupported keyword 'uniqueItems' at #"),
        (#"{"type":"string","pattern":"(?=a)"}"#, "invalid regex '(?' at #/pattern: lookaround is not supported"),
        (##"{"$ref":"#/$defs/missing"}"##, "invalid schema at # ('$ref'): cannot resolve '#/$defs/missing'"),
        (#"{"type":"strin"}"#, "invalid schema at # ('type'): unknown type 'strin'"),
    ] as [(String, String)])
    func unsupportedSchemasNameKeywordAndPath(schema: String, message: String) throws {
        #expect {
            _ = try compiler.compile(jsonSchema: try JSONValue(parsing: schema))
        } throws: { error in
            (error as? GrammarError)?.description == message
        }
    }

    @Test func budgetIsEnforced() throws {
        let small = GrammarCompiler(vocabulary: TinyVocabulary.vocabulary, limits: GrammarLimits(maxNFAStates: 100))
        #expect(throws: GrammarError.self) {
            _ = try small.compile(jsonSchema: try JSONValue(parsing: #"{"type":"string","maxLength":500}"#))
        }
    }

    @Test func compiledGrammarsAreCachedByContent() throws {
        let first = try grammar(#"{"type":"integer"}"#)
        let second = try grammar(#"{"type":"integer"}"#)
        #expect(first === second)
    }

    /// Past the byte limit the least recently used grammar goes first; the newest stays even
    /// when it alone is over the limit.
    @Test func grammarCacheIsBoundedByBytesLeastRecentlyUsedFirst() throws {
        let schemas = [#"{"type":"integer"}"#, #"{"type":"boolean"}"#, #"{"type":"string","maxLength":3}"#]
        let sizing = GrammarCompiler(vocabulary: TinyVocabulary.vocabulary)
        let sizes = try schemas.map { try sizing.compile(jsonSchema: try JSONValue(parsing: $0)).estimatedBytes }
        #expect(sizes.allSatisfy { $0 > 0 })
        // Room for the first two but not all three.
        let small = GrammarCompiler(vocabulary: TinyVocabulary.vocabulary, cacheByteLimit: sizes[0] + sizes[1] + sizes[2] - 1)
        func compile(_ index: Int) throws -> CompiledGrammar { try small.compile(jsonSchema: try JSONValue(parsing: schemas[index])) }
        let integer = try compile(0)
        let boolean = try compile(1)
        #expect(try compile(0) === integer)  // integer is now the most recently used
        _ = try compile(2)                     // over the limit: boolean, the least recently used, goes
        #expect(small.cachedGrammarCount == 2)
        #expect(try compile(0) === integer)
        #expect(try compile(1) !== boolean)

        let none = GrammarCompiler(vocabulary: TinyVocabulary.vocabulary, cacheByteLimit: 0)
        let only = try none.compile(jsonSchema: try JSONValue(parsing: schemas[0]))
        #expect(try none.compile(jsonSchema: try JSONValue(parsing: schemas[0])) === only)
        _ = try none.compile(jsonSchema: try JSONValue(parsing: schemas[1]))
        #expect(none.cachedGrammarCount == 1)
    }

    /// Keys are hashes of the canonical request: the same schema written with other spacing
    /// hits, another option or another property order misses.
    @Test func grammarCacheKeysAreCanonical() throws {
        let spaced = try grammar(#"{ "type" : "object", "properties": {"a": {"type":"integer"}, "b": {"type":"null"}} }"#)
        #expect(try grammar(#"{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"null"}}}"#) === spaced)
        #expect(try grammar(#"{"type":"object","properties":{"b":{"type":"null"},"a":{"type":"integer"}}}"#) !== spaced)
        #expect(GrammarCache.Key("json:a") == GrammarCache.Key("json:a"))
        #expect(GrammarCache.Key("json:a") != GrammarCache.Key("json:b"))
    }

    @Test func regexGrammarsMatchWholeText() throws {
        let compiled = try compiler.compile(regex: "get_(weather|time)")
        #expect(compiled.matches(Array("get_time".utf8)))
        #expect(!compiled.matches(Array("xget_time".utf8)))
    }
}
