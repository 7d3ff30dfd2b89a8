import JSONCore
// Its API speaks JSONCore values and the validator's errors, so clients get both with it.
@_exported import JSONSchemaValidation

/// The seed-004 exchange envelope: what the model generated (`content`) and what an action
/// receives (`parameters`), with the facts needed to decide whether the action may run.
///
/// ```swift
/// let envelope = try Envelope(json: JSONValue(parsing: text))
/// envelope.complete            // true
/// envelope.json.serialized()   // the same members, in the seed's order
/// ```
///
/// `content` and `parameters` are `JSONObject`s, so their key order and exact number text
/// survive a decode/encode round trip. Members this type does not know are kept too and
/// written after the known ones, so re-encoding never drops data.
public struct Envelope: Sendable, Hashable {
    /// Which entrance produced the envelope.
    public enum Source: String, Sendable, Hashable, CaseIterable {
        /// A `LanguageModelSession` generated `content`; `parameters` is projected from it.
        case foundationModels = "foundation-models"
        /// The system invoked the intent directly; there is no session and no content.
        case appIntent = "app-intent"
    }

    public var source: Source
    /// The language model session that generated `content`; nil for `.appIntent`.
    public var sessionId: String?
    /// The generation of the intent's parameter table the envelope was written for.
    public var schemaVersion: Int
    /// The `@Generable` type name that `content` decodes as; nil for `.appIntent`.
    public var generable: String?
    /// Whether generation finished. Only complete envelopes may be performed.
    public var complete: Bool
    /// The object the model generated, including fields the intent does not take (`rationale`).
    public var content: JSONObject?
    /// The intent's name, e.g. `PlaceOrderIntent`.
    public var intent: String
    /// The object passed to `perform`; nil until generation has finished.
    public var parameters: JSONObject?
    /// Members outside the seed's eight, preserved for lossless round trips.
    public var otherMembers: JSONObject

    public init(source: Source, sessionId: String?, schemaVersion: Int, generable: String?, complete: Bool,
                content: JSONObject?, intent: String, parameters: JSONObject?, otherMembers: JSONObject = JSONObject()) {
        self.source = source
        self.sessionId = sessionId
        self.schemaVersion = schemaVersion
        self.generable = generable
        self.complete = complete
        self.content = content
        self.intent = intent
        self.parameters = parameters
        self.otherMembers = otherMembers
    }

    /// The seed's member names, in the seed's order.
    public static let memberNames = ["source", "sessionId", "schemaVersion", "generable", "complete", "content", "intent", "parameters"]

    /// The envelope as JSON, members in the seed's order.
    public var json: JSONValue {
        var object = JSONObject()
        object["source"] = .string(source.rawValue)
        object["sessionId"] = sessionId.map(JSONValue.string) ?? .null
        object["schemaVersion"] = .number(JSONNumber(schemaVersion))
        object["generable"] = generable.map(JSONValue.string) ?? .null
        object["complete"] = .bool(complete)
        object["content"] = content.map(JSONValue.object) ?? .null
        object["intent"] = .string(intent)
        object["parameters"] = parameters.map(JSONValue.object) ?? .null
        for (key, value) in otherMembers { object[key] = value }
        return .object(object)
    }
}
