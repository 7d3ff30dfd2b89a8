import Foundation
import FoundationModels
import IntentEnvelope
import JSONSchemaValidation
import Testing

/// The seed's order draft as the model fills it: the three fields `PlaceOrderIntent` takes,
/// plus the model's `rationale`, which must stay in `content`.
///
/// The strings are bounded by ASCII patterns so that the grammar ends the value within the
/// tests' 128-token budget whatever the model picks: 123 bytes at most, a byte a token or more.
@Generable(description: "An order drafted from the user's request")
struct OrderDraft {
    @Guide(description: "The catalog item id the user named, like sku_42", .pattern(/^[a-z0-9_]{1,16}$/))
    let itemId: String
    @Guide(description: "How many items to order", .range(1...10))
    let quantity: Int
    @Guide(description: "How the order reaches the user", .anyOf(["pickup", "delivery"]))
    let fulfillment: String
    @Guide(description: "One short sentence saying why", .pattern(/^[A-Za-z0-9 ,.']{1,40}$/))
    let rationale: String
}

/// `PlaceOrderIntent` after its parameter table moved to version 4: envelopes journaled for
/// version 3 replay only through a registered migration.
struct PlaceOrderIntentV4: EnvelopeIntent {
    static let name = PlaceOrderIntent.name
    static let schemaVersion = 4
    static let parameterSchema = PlaceOrderIntent.parameterSchema

    func perform(parameters: JSONObject, pass: GatePass) async throws -> JSONValue { .null }
}

/// The envelope end to end on the default model (SmolLM2-135M-Instruct through the local
/// engine and the grammar decoder): an `OrderDraft` is generated greedily, streamed into
/// envelopes, projected, journaled, gated, performed once, and the journal replayed.
@Suite("Envelope end to end on the default model", .serialized,
       .enabled(if: SystemLanguageModel.default.isAvailable, "the default model is not downloaded (scripts/fetch-models.sh)"))
struct EndToEndTests {
    let instructions = "You turn a customer's message into an order draft for the shop's order system."
    let prompt = "Please order 2 of item sku_42. I will pick them up at the store."
    let options = GenerationOptions(sampling: .greedy, maximumResponseTokens: 128)

    @Test func orderDraftIsStreamedProjectedGatedPerformedOnceAndReplayed() async throws {
        let session = LanguageModelSession(instructions: instructions)
        let responses = session.streamResponse(to: prompt, generating: OrderDraft.self, options: options)
        var envelopes: [Envelope] = []
        for try await envelope in EnvelopeStream(responses, session: session, for: PlaceOrderIntent.self) {
            envelopes.append(envelope)
        }
        let response = try await responses.collect()
        print("end to end:", response.rawContent.jsonString, "in \(envelopes.count) envelopes")

        // While generating: complete false, parameters null, and every one a valid envelope
        // that the gate refuses as incomplete.
        let performed = Performed()
        var gate = ExecutionGate()
        try gate.register(PlaceOrderIntent(performed: performed))
        let partials = envelopes.dropLast()
        #expect(partials.count >= 2, "a streamed response has several snapshots before the final one")
        for envelope in partials {
            #expect(!envelope.complete)
            #expect(envelope.parameters == nil)
            #expect(try Envelope(json: envelope.json) == envelope)
            #expect(gate.admit(envelope).failure == GateRefusal(.incomplete))
        }
        for envelope in envelopes {
            #expect(envelope.source == .foundationModels)
            #expect(envelope.sessionId == session.envelopeSessionId)
            #expect(envelope.generable == "OrderDraft")
            #expect(envelope.intent == "PlaceOrderIntent")
            #expect(envelope.schemaVersion == PlaceOrderIntent.schemaVersion)
        }
        // Snapshots only grow: each partial object has at least the keys of the one before.
        for (earlier, later) in zip(partials, partials.dropFirst()) {
            let earlierKeys = earlier.content?.keys ?? []
            #expect(Array((later.content?.keys ?? []).prefix(earlierKeys.count)) == earlierKeys)
        }

        // Finished: the content is the response as generated, and parameters are projected
        // from it without the rationale.
        let final = try #require(envelopes.last)
        #expect(final.complete)
        let content = try #require(final.content)
        #expect(JSONValue.object(content) == response.rawContent.jsonValue)
        #expect(content.keys == ["itemId", "quantity", "fulfillment", "rationale"])
        #expect(content["quantity"]?.number?.int64Value == Int64(response.content.quantity))
        #expect((1...10).contains(response.content.quantity))
        #expect(["pickup", "delivery"].contains(response.content.fulfillment))
        let parameters = try #require(final.parameters)
        #expect(parameters.keys == ["itemId", "quantity", "fulfillment"])
        let diff = JSONDiff(.object(content), .object(parameters))
        #expect(diff.onlyLeft.map(\.path) == ["/rationale"])
        #expect(diff.onlyRight.isEmpty && diff.changed.isEmpty)

        // Journaled (fsynced) before perform, performed exactly once.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("e2e-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let journal = EnvelopeJournal(path: path)
        let journaledPerformed = Performed(journal: journal)
        var journaledGate = ExecutionGate(journal: journal)
        try journaledGate.register(PlaceOrderIntent(performed: journaledPerformed))
        for envelope in partials {
            await #expect(throws: GateRefusal(.incomplete)) { try await journaledGate.perform(envelope) }
        }
        let result = try await journaledGate.perform(final)
        #expect(result == ["orderId": "order_1"])
        let calls = journaledPerformed.calls
        #expect(calls.count == 1)
        #expect(calls.first?.parameters == parameters)
        #expect(calls.first?.envelope == final)
        #expect(calls.first?.journaledRecords == 1, "the envelope was on disk before perform ran")

        // The journal holds exactly the final envelope and replays: admitted again by the
        // same gate (replay performs nothing), refused after a version bump until a migration
        // is registered.
        let contents = try journal.read()
        #expect(contents.tornTail == nil)
        #expect(contents.records.count == 1)
        #expect(try contents.records.first?.envelope.get() == final)
        let replayed = journaledGate.replay(contents)
        #expect(replayed.count == 1)
        #expect(try replayed.first?.outcome.get() == final)
        #expect(journaledPerformed.calls.count == 1)

        var bumped = ExecutionGate()
        try bumped.register(PlaceOrderIntentV4())
        #expect(bumped.replay(contents).first?.outcome.failure == GateRefusal(.schemaVersionMismatch(expected: 4, found: 3)))
        bumped.registerMigration(intent: PlaceOrderIntent.name, from: 3) { envelope in
            var next = envelope
            next.schemaVersion = 4
            return next
        }
        let migrated = try #require(try bumped.replay(contents).first?.outcome.get())
        #expect(migrated.schemaVersion == 4)
        #expect(migrated.parameters == parameters)
    }

    @Test func generationCutOffByTheTokenLimitNeverYieldsACompleteEnvelope() async throws {
        let session = LanguageModelSession(instructions: instructions)
        // The grammar alone shapes the value here, so the schema stays out of the prompt
        // (a shorter prompt to evaluate); 8 tokens cannot finish an OrderDraft.
        let responses = session.streamResponse(to: prompt, generating: OrderDraft.self, includeSchemaInPrompt: false,
                                               options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 8))
        var envelopes: [Envelope] = []
        await #expect {
            for try await envelope in EnvelopeStream(responses, session: session, for: PlaceOrderIntent.self) {
                envelopes.append(envelope)
            }
        } throws: { error in
            guard case LanguageModelSession.GenerationError.decodingFailure = error else { return false }
            return true
        }
        #expect(!envelopes.isEmpty)
        #expect(envelopes.allSatisfy { !$0.complete && $0.parameters == nil })
    }
}
