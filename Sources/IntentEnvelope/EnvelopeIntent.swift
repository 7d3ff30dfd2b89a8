import JSONCore

/// An App-Intent-style action that envelopes can trigger.
///
/// ```swift
/// struct PlaceOrderIntent: EnvelopeIntent {
///     static let name = "PlaceOrderIntent"
///     static let schemaVersion = 3
///     static let parameterSchema: JSONValue = [
///         "type": "object", "required": ["itemId", "quantity", "fulfillment"],
///         "properties": ["itemId": ["type": "string"], "quantity": ["type": "integer"],
///                        "fulfillment": ["enum": ["pickup", "delivery"]]],
///     ]
///     func perform(parameters: JSONObject, pass: GatePass) async throws -> JSONValue { ... }
/// }
/// ```
///
/// `perform` takes a `GatePass`, which only `ExecutionGate` can create: the only way to run an
/// intent is through the gate, which checks every rule of the seed first.
public protocol EnvelopeIntent: Sendable {
    /// The name envelopes carry in `intent`.
    static var name: String { get }
    /// The current generation of the parameter table. Envelopes written for another version
    /// run only through a registered migration.
    static var schemaVersion: Int { get }
    /// JSON Schema for `parameters`. Its top-level `properties` are the fields that projection
    /// copies from `content`.
    static var parameterSchema: JSONValue { get }

    /// Runs the action with projected, checked parameters.
    func perform(parameters: JSONObject, pass: GatePass) async throws -> JSONValue
}

extension EnvelopeIntent {
    /// The parameter names the intent declares, in declaration order.
    public static var parameterNames: [String] {
        parameterSchema["properties"]?.object?.keys ?? []
    }
}
