import Foundation
import Testing
import JSONSchemaValidation
@testable import FoundationModels

@Suite("GeneratedContent")
struct GeneratedContentTests {
    @Test func parsesCompleteJSONKeepingKeyOrder() throws {
        let content = try GeneratedContent(json: #"{"b": 1, "a": [true, null, 2.5], "c": "x\n\u00e9"}"#)
        #expect(content.isComplete)
        guard case .structure(let properties, let keys) = content.kind else {
            Issue.record("expected an object, got \(content.kind)")
            return
        }
        #expect(keys == ["b", "a", "c"])
        #expect(properties["a"]?.kind == .array([GeneratedContent(kind: .bool(true)), GeneratedContent(kind: .null), GeneratedContent(kind: .number(2.5))]))
        #expect(try content.value(String.self, forProperty: "c") == "x\né")
        #expect(content.jsonString == #"{"b":1,"a":[true,null,2.5],"c":"x\né"}"#)
    }

    @Test(arguments: [
        (#"{"title": "Kimchi ste"#, #"{"title":"Kimchi ste"}"#),
        (#"{"title": "Soup", "steps": ["Boil", "Se"#, #"{"title":"Soup","steps":["Boil","Se"]}"#),
        (#"{"title": "Soup", "difficulty": 3"#, #"{"title":"Soup","difficulty":3}"#),
        (#"{"title": "Soup", "difficulty""#, #"{"title":"Soup"}"#),
        (#"{"title": "Soup", "#, #"{"title":"Soup"}"#),
        (#"{"ti"#, #"{}"#),
        (#"[1, 2, tr"#, #"[1,2]"#),
        (#"{"a": {"b": [{"c": "d\"#, #"{"a":{"b":[{"c":"d"}]}}"#),
    ])
    func parsesPartialJSON(prefix: String, expected: String) throws {
        let content = try GeneratedContent(json: prefix)
        #expect(!content.isComplete)
        #expect(content.jsonString == expected)
    }

    /// FuzzJSON found the streaming parser replacing a lone low surrogate (`"\u00ed\ude00"`)
    /// where the strict parser rejects it; both now refuse unpaired surrogates and signed hex.
    @Test(arguments: [#"["\ude00"]"#, #"["\ud800x"]"#, #"["\ud800"]"#, #"["\ud800\n"]"#, #"["\ud800\u0041"]"#, #"["\u+041"]"#])
    func unpairedSurrogatesAndSignedHexAreErrors(text: String) {
        #expect(throws: (any Error).self) { _ = try JSONValue(parsing: text) }
        #expect(throws: (any Error).self) { _ = try GeneratedContent(json: text) }
    }

    @Test func aSurrogatePairAndItsPrefixesParse() throws {
        #expect(try GeneratedContent(json: #"["\ud83d\ude00"]"#).jsonString == #"["😀"]"#)
        #expect(try !GeneratedContent(json: #"["\ud83d"#).isComplete)
        #expect(try !GeneratedContent(json: #"["\ud83d\"#).isComplete)
        #expect(try !GeneratedContent(json: #"["\ud83d\ude"#).isComplete)
    }

    @Test func partialContentMarksOnlyUnfinishedValuesIncomplete() throws {
        let content = try GeneratedContent(json: #"{"done": "yes", "steps": ["a", "b"#)
        guard case .structure(let properties, _) = content.kind else {
            Issue.record("expected an object")
            return
        }
        #expect(properties["done"]?.isComplete == true)
        #expect(properties["steps"]?.isComplete == false)
        #expect(content.isComplete == false)
    }

    @Test func partialStringDropsAnIncompleteUTF8Character() throws {
        let bytes = Array(#"{"t": "가나"#.utf8)
        let cut = String(decoding: bytes.dropLast(1), as: UTF8.self)  // last character cut mid-way
        let text = cut.replacingOccurrences(of: "\u{FFFD}", with: "")
        let content = try GeneratedContent(json: text)
        #expect(try content.value(String.self, forProperty: "t") == "가")
    }

    @Test func topLevelNumberIsComplete() throws {
        let content = try GeneratedContent(json: "42")
        #expect(content.isComplete)
        #expect(try content.value(Int.self) == 42)
    }

    @Test(arguments: ["", "{]", #"{"a" 1}"#, "[1,,2]", "tru e", #"{"a": 1} x"#, "\"\\q\""])
    func rejectsInvalidJSONWithAnOffset(text: String) {
        #expect {
            _ = try GeneratedContent(json: text)
        } throws: { error in
            guard case LanguageModelSession.GenerationError.decodingFailure(let context) = error else { return false }
            return context.debugDescription.contains("byte offset") || context.debugDescription.contains("end of the text")
        }
    }

    /// The streaming parser's errors are JSONCore's `JSONParseError`s: the byte offset and the reason.
    @Test func invalidJSONNamesTheOffsetAndTheReason() {
        #expect {
            _ = try GeneratedContent(json: "[1,,2]")
        } throws: { error in
            guard case LanguageModelSession.GenerationError.decodingFailure(let context) = error else { return false }
            return context.debugDescription.contains("byte offset 3") && context.debugDescription.contains("unexpected character ','")
        }
    }

    /// One writer: the text is the JSON value JSONCore writes, which NaN and the infinities (no
    /// JSON form) enter as null and integral doubles as integers.
    @Test func jsonStringIsTheJSONValueWritten() throws {
        let content = GeneratedContent(elements: [Double.nan, Double.infinity, 2.0, 0.1, 1e300] as [any ConvertibleToGeneratedContent])
        #expect(content.jsonString == "[null,null,2,0.1,1e+300]")
        #expect(content.jsonString == content.jsonValue.serialized())
        #expect(try JSONValue(parsing: content.jsonString) == content.jsonValue)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: 100_000)
        #expect(throws: LanguageModelSession.GenerationError.self) { _ = try GeneratedContent(json: text) }
    }

    @Test func valueConversionsNameWhatWasWrong() throws {
        let content = try GeneratedContent(json: #"{"n": 1.5, "s": "x"}"#)
        #expect(try content.value(Double.self, forProperty: "n") == 1.5)
        #expect(try content.value(String?.self, forProperty: "missing") == nil)
        do {
            _ = try content.value(Int.self, forProperty: "n")
            Issue.record("1.5 converted to Int")
        } catch let LanguageModelSession.GenerationError.decodingFailure(context) {
            #expect(context.debugDescription.contains("Expected an integer, found 1.5"))
        }
        do {
            _ = try content.value(String.self, forProperty: "missing")
            Issue.record("missing property converted")
        } catch let LanguageModelSession.GenerationError.decodingFailure(context) {
            #expect(context.debugDescription.contains("Missing property 'missing'"))
        }
    }

    @Test func buildsObjectsAndArraysInOrder() throws {
        let content = GeneratedContent(properties: ["z": 1, "a": "two", "m": [true, false], "n": String?.none])
        #expect(content.jsonString == #"{"z":1,"a":"two","m":[true,false],"n":null}"#)
        let elements = GeneratedContent(elements: [1, "x"] as [any ConvertibleToGeneratedContent])
        #expect(elements.jsonString == #"[1,"x"]"#)
    }

    @Test func roundTripsAGenerableValue() throws {
        let card = RecipeCard(title: "Tofu kimchi bowl", difficulty: 2, ingredients: ["tofu", "kimchi"], steps: ["Cut.", "Fry."], note: nil)
        let json = card.generatedContent.jsonString
        #expect(json == #"{"title":"Tofu kimchi bowl","difficulty":2,"ingredients":["tofu","kimchi"],"steps":["Cut.","Fry."],"note":null}"#)
        #expect(try RecipeCard(GeneratedContent(json: json)) == card)
        let reply = Reply.score(value: 3)
        #expect(reply.generatedContent.jsonString == #"{"case":"score","value":3}"#)
        #expect(try Reply(GeneratedContent(json: #"{"case":"text","_0":"hi"}"#)) == .text("hi"))
        #expect(throws: LanguageModelSession.GenerationError.self) { try Mood(GeneratedContent(json: #""sleepy""#)) }
    }

    @Test func partiallyGeneratedTypesAcceptPrefixes() throws {
        let partial = try RecipeCard.PartiallyGenerated(GeneratedContent(json: #"{"title": "Tofu", "ingredients": ["to"#))
        #expect(partial.title == "Tofu")
        #expect(partial.ingredients == ["to"])
        #expect(partial.difficulty == nil)
    }

    @Test func codableAsItsJSONValue() throws {
        let content = try GeneratedContent(json: #"{"a": [1, "b", null], "c": {"d": false}}"#)
        let data = try JSONEncoder().encode(content)
        let decoded = try JSONDecoder().decode(GeneratedContent.self, from: data)
        #expect(decoded == content)
    }
}
