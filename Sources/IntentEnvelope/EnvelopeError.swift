import JSONSchemaValidation

/// Why JSON is not an envelope.
public enum EnvelopeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text is not JSON.
    case notJSON(JSONParseError)
    /// The JSON violates the seed's envelope schema; every violation, with its path.
    case malformed([ValidationError])
    /// The shipped schema resource could not be loaded (a packaging problem).
    case schemaUnavailable(String)

    public var description: String {
        switch self {
        case .notJSON(let error): "not JSON: \(error)"
        case .malformed(let errors): errors.map(\.description).joined(separator: "; ")
        case .schemaUnavailable(let reason): "envelope schema unavailable: \(reason)"
        }
    }
}
