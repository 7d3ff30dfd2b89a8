import Foundation
import FoundationModels
import IntentEnvelope
import Synchronization

/// Seed 004's order draft as the model fills it: the three fields `PlaceOrderIntent` takes and
/// the model's `rationale`, which must stay in `content`. The strings are bounded by ASCII
/// patterns so the grammar ends the value well within the token limit, whatever the model picks.
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

/// Seed 004's App-Intent-style action. It only counts its runs: the workflow checks that the
/// gate lets it run exactly once.
struct PlaceOrderIntent: EnvelopeIntent {
    static let name = "PlaceOrderIntent"
    static let schemaVersion = 3
    static let parameterSchema: JSONValue = [
        "type": "object",
        "required": ["itemId", "quantity", "fulfillment"],
        "properties": [
            "itemId": ["type": "string"],
            "quantity": ["type": "integer", "minimum": 1],
            "fulfillment": ["enum": ["pickup", "delivery"]],
        ],
        "additionalProperties": false,
    ]

    let runs = RunCounter()

    func perform(parameters: JSONObject, pass: GatePass) async throws -> JSONValue {
        ["orderId": .string("order_\(runs.increment())")]
    }
}

/// How many times an intent ran.
final class RunCounter: Sendable {
    private let count = Mutex(0)

    func increment() -> Int {
        count.withLock { value in
            value += 1
            return value
        }
    }

    var value: Int { count.withLock { $0 } }
}

/// The same intent after its parameter table moved to version 4.
struct PlaceOrderIntentV4: EnvelopeIntent {
    static let name = PlaceOrderIntent.name
    static let schemaVersion = 4
    static let parameterSchema = PlaceOrderIntent.parameterSchema
    func perform(parameters: JSONObject, pass: GatePass) async throws -> JSONValue { .null }
}

enum OrderEnvelopeWorkflow {
    @Sendable static func run() async throws {
        let journalPath = FileManager.default.temporaryDirectory.appendingPathComponent("seedapp-orders-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: journalPath) }
        let journal = EnvelopeJournal(path: journalPath)
        let intent = PlaceOrderIntent()
        var gate = ExecutionGate(journal: journal)
        try gate.register(intent)

        // 1. The session streams content; every snapshot is an envelope.
        let session = LanguageModelSession(instructions: "You turn a customer's message into an order draft for the shop's order system.")
        let message = "Please order 2 of item sku_42. I will pick them up at the store."
        show("customer:", message)
        let responses = session.streamResponse(to: message, generating: OrderDraft.self,
                                               options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 128))
        var envelopes: [Envelope] = []
        for try await envelope in EnvelopeStream(responses, session: session, for: PlaceOrderIntent.self) {
            envelopes.append(envelope)
        }
        guard let final = envelopes.last else { throw GuaranteeBroken("the stream ended without an envelope") }
        let partials = envelopes.dropLast()

        // 2. While generating: complete false, parameters null, and the gate refuses each.
        var refusedAsIncomplete = 0
        for envelope in partials {
            try require(!envelope.complete && envelope.parameters == nil, "a partial envelope claims to be complete")
            await refuse(envelope, by: gate, as: .incomplete, counting: &refusedAsIncomplete)
        }
        show("\(partials.count) partial envelopes (complete: false, parameters: null): gate refused \(refusedAsIncomplete) as incomplete")
        try require(refusedAsIncomplete == partials.count, "the gate admitted an unfinished envelope")

        // 3. Finished: content as generated, parameters projected without the rationale.
        show("final envelope:", final.json.serialized())
        guard let content = final.content, let parameters = final.parameters, final.complete else {
            throw GuaranteeBroken("the final envelope is not complete with content and parameters")
        }
        let diff = JSONDiff(.object(content), .object(parameters))
        show("content vs parameters: only in content \(diff.onlyLeft.map(\.path)), only in parameters \(diff.onlyRight.map(\.path))")
        try require(diff.onlyLeft.map(\.path) == ["/rationale"] && diff.onlyRight.isEmpty && diff.changed.isEmpty,
                    "projection must drop exactly the rationale: \(diff)")

        // 4. Journaled (fsynced) before perform, performed once.
        let result = try await gate.perform(final)
        let records = try journal.read().records
        show("performed: \(result.serialized()); journal holds \(records.count) record")
        try require(intent.runs.value == 1 && records.count == 1, "perform must run once, after one journal record")

        // 5. Replay: admitted again, performed never; refused after a version bump.
        let replayed = gate.replay(try journal.read())
        try require(replayed.count == 1 && (try? replayed[0].outcome.get()) == final, "the journal did not replay to the same envelope")
        var bumped = ExecutionGate()
        try bumped.register(PlaceOrderIntentV4())
        var versionRefusals = 0
        if case .failure(let refusal) = bumped.replay(try journal.read())[0].outcome,
           refusal.rule == .schemaVersionMismatch(expected: 4, found: 3) { versionRefusals += 1 }
        show("replay: admitted (nothing performed); after schemaVersion 3 -> 4 without a migration: refused \(versionRefusals)")
        try require(versionRefusals == 1 && intent.runs.value == 1, "replay performed, or the version bump went unnoticed")

        // 6. The seed's bad data: each refused before anything runs.
        for (what, json) in seedBadEnvelopes(from: final) {
            if case .failure(let refusal) = gate.admit(json: json) {
                show("\(what): refused (\(refusal.ruleName))")
            } else {
                throw GuaranteeBroken("\(what) was admitted")
            }
        }
        let system = Envelope.appIntent(parameters: parameters, for: PlaceOrderIntent.self)
        try require((try? gate.admit(system).get()) != nil, "the system's own invocation was refused")
        show("app-intent envelope (no session, no content): admitted")
    }

    static func refuse(_ envelope: Envelope, by gate: ExecutionGate, as rule: GateRefusal.Rule, counting count: inout Int) async {
        do {
            _ = try await gate.perform(envelope)
        } catch let refusal as GateRefusal where refusal.rule == rule {
            count += 1
        } catch {}
    }

    /// Seed 004's three bad variants (source `siri`, `complete` as a string, `parameters`
    /// removed) and one the gate must catch by rule: a key in `parameters` the model never wrote.
    static func seedBadEnvelopes(from envelope: Envelope) -> [(String, JSONValue)] {
        guard case .object(let object) = envelope.json else { return [] }
        func with(_ key: String, _ value: JSONValue?) -> JSONValue {
            var copy = object
            copy[key] = value
            return .object(copy)
        }
        var extra = envelope.parameters ?? JSONObject()
        extra["discount"] = .number(JSONNumber(50))
        return [
            ("source \"siri\"", with("source", "siri")),
            ("complete as the string \"true\"", with("complete", "true")),
            ("parameters removed", with("parameters", nil)),
            ("a parameter not in content", with("parameters", .object(extra))),
        ]
    }
}
