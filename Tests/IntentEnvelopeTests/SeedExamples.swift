import Foundation
import IntentEnvelope
import JSONSchemaValidation

/// The envelopes of seed 004 (../shared/seeds/004_*.txt), verbatim, and the variants the seed
/// tells the reader to try.
enum SeedExamples {
    static let complete = """
        {
          "source": "foundation-models",
          "sessionId": "lm_01",
          "schemaVersion": 3,
          "generable": "OrderDraft",
          "complete": true,
          "content": {
            "itemId": "sku_42",
            "quantity": 1,
            "fulfillment": "pickup",
            "rationale": "User asked for pickup."
          },
          "intent": "PlaceOrderIntent",
          "parameters": {
            "itemId": "sku_42",
            "quantity": 1,
            "fulfillment": "pickup"
          }
        }
        """

    static let incomplete = """
        {
          "source": "foundation-models",
          "sessionId": "lm_01",
          "schemaVersion": 3,
          "generable": "OrderDraft",
          "complete": false,
          "content": {
            "itemId": "sku_42"
          },
          "intent": "PlaceOrderIntent",
          "parameters": null
        }
        """

    /// The seed's complete envelope with one member replaced (or removed, for nil).
    static func completeWith(_ key: String, _ value: JSONValue?) throws -> JSONValue {
        guard case .object(var object) = try JSONValue(parsing: complete) else { return .null }
        object[key] = value
        return .object(object)
    }
}

/// The seed's `PlaceOrderIntent`, recording what it performed.
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

    let performed: Performed

    func perform(parameters: JSONObject, pass: GatePass) async throws -> JSONValue {
        performed.record(parameters, envelope: pass.envelope)
        return ["orderId": "order_1"]
    }
}

/// What `PlaceOrderIntent.perform` was called with, and what the journal held at that moment.
final class Performed: Sendable {
    private let state = Mutex<[(JSONObject, Envelope, Int?)]>([])
    let journal: EnvelopeJournal?

    init(journal: EnvelopeJournal? = nil) { self.journal = journal }

    func record(_ parameters: JSONObject, envelope: Envelope) {
        let journaled = try? journal?.read().records.count
        state.withLock { $0.append((parameters, envelope, journaled)) }
    }

    var calls: [(parameters: JSONObject, envelope: Envelope, journaledRecords: Int?)] {
        state.withLock { $0.map { (parameters: $0.0, envelope: $0.1, journaledRecords: $0.2) } }
    }
}

import Synchronization
