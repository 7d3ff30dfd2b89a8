import Foundation
import FoundationModels
import JSONSchemaValidation

extension Envelope {
    /// The seed's envelope JSON Schema (shipped as `Resources/envelope.schema.json`).
    /// - throws: `EnvelopeError.schemaUnavailable` if the resource is missing or not a schema.
    public static func schema() throws(EnvelopeError) -> JSONSchema {
        switch loadedSchema {
        case .success(let schema): return schema
        case .failure(let error): throw error
        }
    }

    private static let loadedSchema: Result<JSONSchema, EnvelopeError> = {
        let resource = BundledResource(target: "IntentEnvelope", path: "Resources/envelope.schema.json",
                                       sourceDirectory: BundledResource.sourceDirectory(of: #filePath, levelsUp: 1))
        let url: URL
        do {
            url = try resource.url()
        } catch {
            return .failure(.schemaUnavailable("\(error)"))
        }
        do {
            let data = try Data(contentsOf: url)
            return .success(try JSONSchema(try JSONValue(parsing: data)))
        } catch {
            return .failure(.schemaUnavailable("\(url.path): \(error)"))
        }
    }()

    /// Decodes an envelope, first checking it against the seed's schema.
    /// - throws: `EnvelopeError.malformed` listing every schema violation with its instance
    ///   path (`/source`, `/complete`, `/parameters`), or `.schemaUnavailable`.
    public init(json: JSONValue) throws(EnvelopeError) {
        let result = try Self.schema().validate(json)
        guard result.isValid else { throw .malformed(result.errors) }
        // The schema guarantees the shapes below; each guard names the member anyway so a
        // schema edit can never turn into a crash.
        guard case .object(let object) = json,
            let sourceName = object["source"]?.string, let source = Source(rawValue: sourceName),
            let versionNumber = object["schemaVersion"]?.number,
            let complete = object["complete"]?.bool,
            let intent = object["intent"]?.string
        else {
            throw .malformed([ValidationError(instancePath: "", keywordLocation: "", message: "not an envelope")])
        }
        guard let wide = versionNumber.int64Value, let version = Int(exactly: wide) else {
            throw .malformed([ValidationError(instancePath: "/schemaVersion", keywordLocation: "/properties/schemaVersion/type",
                                              message: "\(versionNumber) is out of the supported integer range")])
        }
        var others = JSONObject()
        for (key, value) in object where !Self.memberNames.contains(key) { others[key] = value }
        self.init(source: source, sessionId: object["sessionId"]?.string, schemaVersion: version,
                  generable: object["generable"]?.string, complete: complete, content: object["content"]?.object,
                  intent: intent, parameters: object["parameters"]?.object, otherMembers: others)
    }

    /// Parses and decodes envelope JSON text.
    /// - throws: `EnvelopeError.notJSON` with the parser's position, or as `init(json:)`.
    public init(parsing text: String) throws(EnvelopeError) {
        let value: JSONValue
        do { value = try JSONValue(parsing: text) } catch { throw .notJSON(error) }
        try self.init(json: value)
    }
}
