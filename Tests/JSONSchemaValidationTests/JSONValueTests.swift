import Testing
@testable import JSONSchemaValidation

@Suite("JSONValue") struct JSONValueTests {
    @Test func roundTripKeepsKeyOrderAndNumberText() throws {
        let text = #"{"b":1,"a":[true,null,2.50,-0.0,1e400],"c":{"z":"x\ny","y":"\u00e9"}}"#
        let value = try JSONValue(parsing: text)
        #expect(value.object?.keys == ["b", "a", "c"])
        #expect(value.serialized() == #"{"b":1,"a":[true,null,2.50,-0.0,1e400],"c":{"z":"x\ny","y":"é"}}"#)
    }

    @Test func equalityIsMathematicalAndUnordered() throws {
        #expect(try JSONValue(parsing: "1") == JSONValue(parsing: "1.0"))
        #expect(try JSONValue(parsing: "100") == JSONValue(parsing: "1e2"))
        #expect(try JSONValue(parsing: "0.5") != JSONValue(parsing: "0.50001"))
        #expect(try JSONValue(parsing: #"{"a":1,"b":2}"#) == JSONValue(parsing: #"{"b":2,"a":1}"#))
        #expect(try JSONValue(parsing: "[1,2]") != JSONValue(parsing: "[2,1]"))
    }

    @Test func integersByValue() throws {
        #expect(try JSONValue(parsing: "1.0").typeName == "integer")
        #expect(try JSONValue(parsing: "1.5").typeName == "number")
        #expect(try JSONValue(parsing: "12e-1").typeName == "number")
        #expect(try JSONValue(parsing: "120e-1").typeName == "integer")
        #expect(try JSONValue(parsing: "0").number?.int64Value == 0)
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "01", "1.", "-", "\"\\x\"", "\"\\ud800\"", "tru", "[1] 2", "\"a\u{01}\""])
    func rejectsMalformed(text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: deep) }
    }

    @Test func errorsNameTheLine() {
        do {
            _ = try JSONValue(parsing: "{\n  \"a\": tru\n}")
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 2)
        }
    }

    @Test func surrogatePairs() throws {
        #expect(try JSONValue(parsing: #""\ud83d\ude00""#) == .string("😀"))
        #expect(JSONValue.string("😀\u{01}").serialized(.init(escapesNonASCII: true)) == #""\ud83d\ude00\u0001""#)
    }
}
