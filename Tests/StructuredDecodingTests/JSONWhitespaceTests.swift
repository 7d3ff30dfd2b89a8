import JSONSchemaValidation
import Testing
@testable import StructuredDecoding

/// The whitespace policies of the JSON grammar: `.compact` allows none, `.singleSpace` one
/// space at each place llama.cpp puts its `space` rule, `.flexible` llama.cpp's bounded runs
/// (one space, or 1-2 line feeds then up to 20 spaces or tabs).
@Suite("JSON whitespace") struct JSONWhitespaceTests {
    let compiler = GrammarCompiler(vocabulary: TinyVocabulary.vocabulary)

    static let mixed = #"{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"array","items":{"type":"integer"}}},"required":["a","b"],"additionalProperties":false}"#
    static let nested = #"""
        {"type":"object","properties":{
          "name":{"type":"string"},
          "tags":{"type":"array","items":{"type":"string"},"minItems":1,"maxItems":3},
          "inner":{"type":"object","properties":{"x":{"type":"number"},"ok":{"type":"boolean"},"none":{"type":"null"}},
                   "required":["x"],"additionalProperties":false},
          "free":{}
        },"required":["name","tags","inner"]}
        """#

    func grammar(_ schema: String, _ whitespace: JSONWhitespace) throws -> CompiledGrammar {
        try compiler.compile(jsonSchema: try JSONValue(parsing: schema), options: JSONGrammarOptions(whitespace: whitespace))
    }

    func accepts(_ grammar: CompiledGrammar, _ text: String) -> Bool { grammar.matches(Array(text.utf8)) }

    func mask(_ matcher: GrammarMatcher) -> Set<Int32> {
        var words: [UInt64] = []
        matcher.fillAllowedTokens(into: &words)
        return TinyVocabulary.allowed(words)
    }

    @Test func flexibleAcceptsLlamaCppStyleSpacing() throws {
        let flexible = try grammar(Self.mixed, .flexible)
        for text in [
            #"{"a":1,"b":[1,2]}"#,
            #"{ "a": 1, "b": [ 1, 2 ] }"#,
            #"{ "a" : 1 , "b" : [ 1 , 2 ] } "#,
            #"{ "a": 1, "b": [ ] }"#,
            "{\n  \"a\": 1,\n  \"b\": [\n    1,\n    2\n  ]\n}\n",
            "{\n\n\t\"a\":1,\n\t\"b\":[]\n}",
            "{\n" + String(repeating: " ", count: 20) + "\"a\":1,\"b\":[]}",
        ] {
            #expect(accepts(flexible, text), "flexible should accept \(text.debugDescription)")
        }
    }

    @Test func singleSpaceAcceptsOneSpaceAtEachPlace() throws {
        let single = try grammar(Self.mixed, .singleSpace)
        #expect(accepts(single, #"{"a":1,"b":[1,2]}"#))
        #expect(accepts(single, #"{ "a" : 1 , "b" : [ 1 , 2 ] } "#))
        #expect(!accepts(single, #"{  "a":1,"b":[]}"#))
        #expect(!accepts(single, "{\n\"a\":1,\"b\":[]}"))
        #expect(!accepts(single, "{\t\"a\":1,\"b\":[]}"))
    }

    @Test func flexibleRejectsWhitespaceBeyondTheBound() throws {
        let flexible = try grammar(Self.mixed, .flexible)
        for text in [
            #"{  "a":1,"b":[]}"#,  // two spaces without a newline
            "{\n\n\n\"a\":1,\"b\":[]}",  // three newlines
            "{\n" + String(repeating: " ", count: 21) + "\"a\":1,\"b\":[]}",  // indent 21
            "{ \n\"a\":1,\"b\":[]}",  // a space before the newline
            "{\n \n\"a\":1,\"b\":[]}",  // newline after indent
            "{\r\n\"a\":1,\"b\":[]}",  // carriage return
            #"{"a":1,"b":[]}  "#,  // two trailing spaces
        ] {
            #expect(!accepts(flexible, text), "flexible should reject \(text.debugDescription)")
        }
    }

    @Test func flexibleRejectsWhitespaceWhereJSONForbidsIt() throws {
        let flexible = try grammar(Self.nested, .flexible)
        #expect(accepts(flexible, #"{ "name": "a b", "tags": [ "x" ], "inner": { "x": -1.5e3, "ok": true, "none": null } }"#))
        for text in [
            #" {"name":"a","tags":["x"],"inner":{"x":1}}"#,  // before the root value
            #"{"na me":"a","tags":["x"],"inner":{"x":1}}"#,  // inside a key
            #"{"name":"a","tags":["x"],"inner":{"x":- 1}}"#,  // inside a number
            #"{"name":"a","tags":["x"],"inner":{"x":1 .5}}"#,
            #"{"name":"a","tags":["x"],"inner":{"x":1,"ok":tr ue}}"#,  // inside a literal
            #"{"name":"a","tags":["x"],"inner":{"x":1,"none":nu ll}}"#,
            "{\"name\":\"a\n\",\"tags\":[\"x\"],\"inner\":{\"x\":1}}",  // raw newline in a string
        ] {
            #expect(!accepts(flexible, text), "flexible should reject \(text.debugDescription)")
        }
        // Free-form values (`"free": {}` in the schema) take the same whitespace.
        #expect(accepts(flexible, #"{"name":"a","tags":["x"],"inner":{"x":1},"free":{ "k": [ 1, { } ] },"extra" : null}"#))
        #expect(!accepts(flexible, #"{"name":"a","tags":["x"],"inner":{"x":1},"free":{  "k":1}}"#))
    }

    @Test func compactIsUnchanged() throws {
        let compact = try grammar(Self.nested, .compact)
        let byDefault = try compiler.compile(jsonSchema: try JSONValue(parsing: Self.nested))
        #expect(compact.automatonSize == byDefault.automatonSize)
        let value = #"{"name":"a b","tags":["x","y"],"inner":{"x":-1.5e3,"ok":true},"free":{"k":[1,{}]}}"#
        #expect(accepts(compact, value))
        #expect(accepts(byDefault, value))
        for text in [#"{ "name":"a","tags":["x"],"inner":{"x":1}}"#, #"{"name":"a","tags":["x"],"inner":{"x":1}} "#,
                     "{\"name\":\"a\",\n\"tags\":[\"x\"],\"inner\":{\"x\":1}}"] {
            #expect(!accepts(compact, text))
            #expect(!accepts(byDefault, text))
        }
    }

    /// Every value the compact grammar accepts, pretty-printed or with Python's default
    /// separators, is accepted by the flexible grammar (nesting shallow enough for the indent).
    @Test func serializedFormsOfTheSameValueAreAccepted() throws {
        let flexible = try grammar(Self.nested, .flexible)
        let value = try JSONValue(parsing: #"{"name":"ä\"q","tags":["x","y","z"],"inner":{"x":0.25,"ok":false,"none":null},"free":{"k":[1,{"m":[]}]}}"#)
        for options in [JSONValue.SerializationOptions.compact, .init(spacesAfterSeparators: true), .init(indentation: 2),
                        .init(indentation: 4)] {
            let text = value.serialized(options)
            #expect(accepts(flexible, text), "flexible should accept \(text.debugDescription)")
        }
        // Nested deeper than the indent allows at 8 spaces per level: the innermost line has 24.
        #expect(!accepts(flexible, value.serialized(.init(indentation: 8))))
    }

    @Test func keysAndClosingBytesAreForcedAfterChosenWhitespace() throws {
        let schema = #"{"type":"object","properties":{"a":{"type":"integer"},"b":{"enum":[true]}},"required":["a","b"],"additionalProperties":false}"#
        let compact = GrammarMatcher(grammar: try grammar(schema, .compact))
        #expect(String(decoding: compact.forcedBytes(), as: UTF8.self) == #"{"a":"#)

        let matcher = GrammarMatcher(grammar: try grammar(schema, .flexible))
        // `{` is forced; after it the model chooses: whitespace or the key's quote.
        #expect(String(decoding: matcher.forcedBytes(), as: UTF8.self) == "{")
        #expect(matcher.accept(TinyVocabulary.id("{")))
        #expect(matcher.forcedBytes().isEmpty)
        let id = TinyVocabulary.id
        #expect(mask(matcher) == [id("\""), id(" ")])
        #expect(matcher.accept(id(" ")))
        // After the chosen space, the key is forced up to the next whitespace place.
        #expect(String(decoding: matcher.forcedBytes(), as: UTF8.self) == #""a""#)
        #expect(matcher.accept(bytes: Array(#""a": 12"#.utf8)))
        #expect(matcher.forcedBytes().isEmpty)  // more digits, whitespace or `,`
        #expect(matcher.accept(bytes: Array(",\n ".utf8)))
        #expect(matcher.forcedBytes().isEmpty)  // the indent may grow
        #expect(matcher.accept(bytes: Array(String(repeating: "\t", count: 19).utf8)))
        // At the indent bound the key is forced.
        #expect(String(decoding: matcher.forcedBytes(), as: UTF8.self) == #""b""#)
        #expect(matcher.accept(bytes: Array(#""b":"#.utf8)))
        #expect(mask(matcher) == [id(" "), id("true")])
        #expect(matcher.accept(id("true")))
        #expect(mask(matcher) == [id("}"), id(" ")])
        #expect(matcher.accept(id("}")))
        // The value is complete, and one trailing whitespace run may still follow it.
        #expect(matcher.isComplete && matcher.canContinue)
        #expect(mask(matcher) == [TinyVocabulary.eos, id(" ")])
        #expect(matcher.accept(id(" ")))
        #expect(matcher.isComplete && !matcher.canContinue)
        #expect(mask(matcher) == [TinyVocabulary.eos])
    }

    @Test func singleSpaceForcesTheRestOfAKeyAfterTheSpace() throws {
        let schema = #"{"type":"object","properties":{"ab":{"type":"null"}},"required":["ab"],"additionalProperties":false}"#
        let matcher = GrammarMatcher(grammar: try grammar(schema, .singleSpace))
        #expect(matcher.accept(bytes: Array("{ ".utf8)))
        // No further whitespace after the one space: the key is forced.
        #expect(String(decoding: matcher.forcedBytes(), as: UTF8.self) == #""ab""#)
        #expect(matcher.accept(bytes: Array(#""ab" : "#.utf8)))
        #expect(String(decoding: matcher.forcedBytes(), as: UTF8.self) == "null")
    }

    @Test func whitespaceIsPartOfTheCacheKey() throws {
        let compact = try grammar(Self.mixed, .compact)
        let flexible = try grammar(Self.mixed, .flexible)
        #expect(compact !== flexible)
        #expect(try grammar(Self.mixed, .flexible) === flexible)
        #expect(!accepts(compact, #"{ "a":1,"b":[]}"#))
    }

    @Test func primitiveRootTakesTrailingWhitespaceOnly() throws {
        let flexible = try grammar(#"{"type":"integer","minimum":0,"maximum":99}"#, .flexible)
        #expect(accepts(flexible, "42"))
        #expect(accepts(flexible, "42 "))
        #expect(accepts(flexible, "42\n\n\t"))
        #expect(!accepts(flexible, " 42"))
        #expect(!accepts(flexible, "4 2"))
        #expect(!accepts(flexible, "100"))
    }

    @Test func negativeBoundsCountAsZero() {
        let policy = JSONWhitespace(allowsSpace: false, maxNewlines: -3, maxIndent: -1)
        #expect(policy == .compact)
        #expect(policy.isCompact)
        #expect(JSONWhitespace.flexible.description == "flexible")
        #expect(JSONWhitespace.singleSpace.description == "space")
    }
}
