import Foundation
import Testing
@testable import IntentEnvelope
import JSONSchemaValidation

@Suite("ExecutionGate") struct ExecutionGateTests {
    func gate(_ performed: Performed, journal: EnvelopeJournal? = nil) throws -> ExecutionGate {
        var gate = ExecutionGate(journal: journal)
        try gate.register(PlaceOrderIntent(performed: performed))
        return gate
    }

    @Test func seedCompleteEnvelopeIsPerformedOnceWithProjectedParameters() async throws {
        let performed = Performed()
        let result = try await gate(performed).perform(try Envelope(parsing: SeedExamples.complete))
        #expect(result == ["orderId": "order_1"])
        #expect(performed.calls.count == 1)
        #expect(performed.calls.first?.parameters == ["itemId": "sku_42", "quantity": 1, "fulfillment": "pickup"])
    }

    @Test func incompleteSeedEnvelopeIsRefused() async throws {
        let performed = Performed()
        let envelope = try Envelope(parsing: SeedExamples.incomplete)
        await #expect(throws: GateRefusal(.incomplete)) { try await gate(performed).perform(envelope) }
        #expect(performed.calls.isEmpty)
    }

    @Test func parameterAbsentFromContentIsRefused() async throws {
        let performed = Performed()
        var envelope = try Envelope(parsing: SeedExamples.complete)
        envelope.content?["fulfillment"] = nil
        #expect(try gate(performed).admit(envelope).failure == GateRefusal(.parameterNotInContent(key: "fulfillment")))
        await #expect(throws: GateRefusal(.parameterNotInContent(key: "fulfillment"))) { try await gate(performed).perform(envelope) }
        #expect(performed.calls.isEmpty)
    }

    @Test func appIntentWithSessionIdIsRefused() throws {
        var envelope = Envelope.appIntent(parameters: ["itemId": "sku_42", "quantity": 1, "fulfillment": "pickup"], for: PlaceOrderIntent.self)
        #expect(try gate(Performed()).admit(envelope).failure == nil)
        envelope.sessionId = "lm_invented"
        #expect(try gate(Performed()).admit(envelope).failure == GateRefusal(.appIntentMustNotCarryModelFields(["sessionId"])))
        envelope.content = ["itemId": "sku_42"]
        #expect(try gate(Performed()).admit(envelope).failure?.ruleName == "appIntentMustNotCarryModelFields")
    }

    @Test func oldSchemaVersionNeedsARegisteredMigration() throws {
        var old = try Envelope(parsing: SeedExamples.complete)
        old.schemaVersion = 2
        old.parameters?["fulfillment"] = nil
        var gate = try gate(Performed())
        #expect(gate.admit(old).failure == GateRefusal(.schemaVersionMismatch(expected: 3, found: 2)))
        gate.registerMigration(intent: "PlaceOrderIntent", from: 2) { envelope in
            var next = envelope
            next.schemaVersion = 3
            next.parameters?["fulfillment"] = envelope.content?["fulfillment"] ?? "pickup"
            return next
        }
        let admitted = try gate.admit(old).get()
        #expect(admitted.schemaVersion == 3)
        #expect(admitted.parameters?["fulfillment"] == "pickup")
        var newer = old
        newer.schemaVersion = 4
        #expect(gate.admit(newer).failure == GateRefusal(.schemaVersionMismatch(expected: 3, found: 4)))
    }

    @Test func parametersAreCheckedAgainstTheIntentSchema() throws {
        var envelope = try Envelope(parsing: SeedExamples.complete)
        envelope.content?["quantity"] = 0
        envelope.parameters?["quantity"] = 0
        guard case .parametersViolateSchema(let errors)? = try gate(Performed()).admit(envelope).failure?.rule else {
            Issue.record("expected a parameter schema violation")
            return
        }
        #expect(errors.map(\.instancePath) == ["/quantity"])
    }

    @Test func unknownIntentAndMalformedJSONAreRefused() throws {
        var envelope = try Envelope(parsing: SeedExamples.complete)
        envelope.intent = "CancelOrderIntent"
        #expect(try gate(Performed()).admit(envelope).failure == GateRefusal(.unknownIntent("CancelOrderIntent")))
        let bad = try SeedExamples.completeWith("complete", "true")
        #expect(try gate(Performed()).admit(json: bad).failure?.ruleName == "malformedEnvelope")
    }

    @Test func performJournalsAndSyncsBeforeRunning() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gate-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let journal = EnvelopeJournal(path: path)
        let performed = Performed(journal: journal)
        let gate = try gate(performed, journal: journal)
        _ = try await gate.perform(try Envelope(parsing: SeedExamples.complete))
        await #expect(throws: GateRefusal.self) { try await gate.perform(try Envelope(parsing: SeedExamples.incomplete)) }
        // When perform ran, its envelope was already in the journal; refused ones never are.
        #expect(performed.calls.map(\.journaledRecords) == [1])
        let contents = try journal.read()
        #expect(contents.records.count == 1)
        #expect(contents.tornTail == nil)
        let replay = gate.replay(contents)
        #expect(replay.count == 1)
        #expect((try? replay[0].outcome.get())?.sessionId == "lm_01")
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
