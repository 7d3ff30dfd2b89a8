import Testing
import IntentEnvelope
import JSONSchemaValidation

@Suite("EnvelopeStream") struct EnvelopeStreamTests {
    func snapshots(_ items: [ContentSnapshot]) -> AsyncStream<ContentSnapshot> {
        AsyncStream { continuation in
            for item in items { continuation.yield(item) }
            continuation.finish()
        }
    }

    @Test func partialSnapshotsHaveNoParametersAndOnlyTheFinishedOneIsProjected() async throws {
        let stream = EnvelopeStream(snapshots([
            ContentSnapshot(content: [:], isComplete: false),
            ContentSnapshot(content: ["itemId": "sku_42"], isComplete: false),
            ContentSnapshot(content: ["itemId": "sku_42", "quantity": 1, "fulfillment": "pickup"], isComplete: false),
            ContentSnapshot(content: ["itemId": "sku_42", "quantity": 1, "fulfillment": "pickup", "rationale": "User asked for pickup."], isComplete: true),
            ContentSnapshot(content: ["itemId": "ignored"], isComplete: true),
        ]), sessionId: "lm_01", generable: "OrderDraft", for: PlaceOrderIntent.self)
        var envelopes: [Envelope] = []
        for try await envelope in stream { envelopes.append(envelope) }
        #expect(envelopes.count == 4)
        #expect(envelopes.dropLast().allSatisfy { !$0.complete && $0.parameters == nil })
        // Every partial envelope is schema-valid, and the gate refuses it.
        for envelope in envelopes.dropLast() {
            #expect(try Envelope(json: envelope.json) == envelope)
            #expect(EnvelopeRules.refusal(for: envelope)?.rule == .incomplete)
        }
        let last = try #require(envelopes.last)
        #expect(last.complete)
        #expect(last.parameters == ["itemId": "sku_42", "quantity": 1, "fulfillment": "pickup"])
        #expect(last.content?["rationale"] == "User asked for pickup.")
        #expect(last.json.serialized() == (try JSONValue(parsing: SeedExamples.complete)).serialized())
    }

    @Test func streamThatNeverFinishesLeavesOnlyIncompleteEnvelopes() async throws {
        let stream = EnvelopeStream(snapshots([ContentSnapshot(content: ["itemId": "sku_42"], isComplete: false)]),
                                    sessionId: "lm_01", generable: "OrderDraft", for: PlaceOrderIntent.self)
        var last: Envelope?
        for try await envelope in stream { last = envelope }
        #expect(last?.complete == false)
    }

    @Test func finishedNonObjectContentIsAnError() async throws {
        let stream = EnvelopeStream(snapshots([ContentSnapshot(content: "oops", isComplete: true)]),
                                    sessionId: "lm_01", generable: "OrderDraft", for: PlaceOrderIntent.self)
        await #expect(throws: EnvelopeStreamError.completedContentIsNotAnObject("string")) {
            for try await _ in stream {}
        }
    }
}
