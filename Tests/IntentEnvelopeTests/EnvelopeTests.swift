import Foundation
import Testing
import IntentEnvelope
import JSONSchemaValidation

@Suite("Envelope") struct EnvelopeTests {
    @Test func seedCompleteEnvelopeRoundTripsLosslessly() throws {
        let json = try JSONValue(parsing: SeedExamples.complete)
        let envelope = try Envelope(json: json)
        #expect(envelope.source == .foundationModels)
        #expect(envelope.sessionId == "lm_01")
        #expect(envelope.schemaVersion == 3)
        #expect(envelope.content?.keys == ["itemId", "quantity", "fulfillment", "rationale"])
        #expect(envelope.json.serialized() == json.serialized())
    }

    @Test func numberTextAndUnknownMembersSurvive() throws {
        let text = #"{"source":"app-intent","sessionId":null,"schemaVersion":3,"generable":null,"complete":true,"content":null,"intent":"PlaceOrderIntent","parameters":{"z":1.50,"a":12345678901234567890},"traceId":"t-9"}"#
        let envelope = try Envelope(parsing: text)
        #expect(envelope.otherMembers.keys == ["traceId"])
        #expect(envelope.json.serialized() == text)
    }

    @Test func incompleteSeedEnvelopePassesTheSchema() throws {
        let envelope = try Envelope(parsing: SeedExamples.incomplete)
        #expect(envelope.complete == false)
        #expect(envelope.parameters == nil)
    }

    @Test(arguments: [
        ("source", JSONValue.string("siri"), "/source", "/properties/source/enum"),
        ("complete", JSONValue.string("true"), "/complete", "/properties/complete/type"),
        ("parameters", nil, "/parameters", "/required"),
    ] as [(String, JSONValue?, String, String)])
    func badSeedVariantsFailWithThePathNamed(key: String, value: JSONValue?, path: String, keyword: String) throws {
        let json = try SeedExamples.completeWith(key, value)
        #expect(throws: EnvelopeError.self) { try Envelope(json: json) }
        do {
            _ = try Envelope(json: json)
        } catch {
            guard case .malformed(let errors) = error else {
                Issue.record("expected malformed, got \(error)")
                return
            }
            #expect(errors.map(\.instancePath) == [path])
            #expect(errors.map(\.keywordLocation) == [keyword])
        }
    }

    @Test func malformedMessagesAreReadable() throws {
        let json = try SeedExamples.completeWith("source", "siri")
        #expect(throws: EnvelopeError.malformed([ValidationError(
            instancePath: "/source", keywordLocation: "/properties/source/enum",
            message: #""siri" is not one of ["foundation-models", "app-intent"]"#)])) {
            try Envelope(json: json)
        }
    }

    @Test func notJSONIsReportedWithItsPosition() {
        #expect(throws: EnvelopeError.self) { try Envelope(parsing: "{\"source\": ") }
    }

    @Test func projectionCopiesOnlyDeclaredFields() throws {
        let content: JSONObject = ["rationale": "because", "fulfillment": "pickup", "itemId": "sku_42", "quantity": 2]
        let parameters = Envelope.project(content, for: PlaceOrderIntent.self)
        #expect(parameters.keys == ["itemId", "quantity", "fulfillment"])
        #expect(parameters["rationale"] == nil)
        let finished = Envelope.finished(content: content, sessionId: "lm_02", generable: "OrderDraft", for: PlaceOrderIntent.self)
        #expect(finished.complete && finished.schemaVersion == 3 && finished.intent == "PlaceOrderIntent")
        #expect(JSONDiff(.object(content), .object(finished.parameters ?? [:])).onlyLeft.map(\.path) == ["/rationale"])
    }
}
