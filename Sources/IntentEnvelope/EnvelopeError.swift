import JSONSchemaValidation

/// Why JSON is not an envelope.
public enum EnvelopeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text is not JSON.
    case notJSON(JSONParseError)
    /// The JSON violates the seed's envelope schema; every violation, with its path.
    case malformed([ValidationError])
    /// The shipped schema resource could not be loaded (a packaging problem).
    case schemaUnavailable(String)
    /// A journal line's bytes do not match the CRC-32 sealed into it when it was appended
    /// (see `EnvelopeJournal`): the record was damaged after it was committed.
    case checksumMismatch(stored: UInt32, computed: UInt32)

    public var description: String {
        switch self {
        case .notJSON(let error): "not JSON: \(error)"
        case .malformed(let errors): errors.map(\.description).joined(separator: "; ")
        case .schemaUnavailable(let reason): "envelope schema unavailable: \(reason)"
        case .checksumMismatch(let stored, let computed):
            "journal line damaged: its CRC-32 is \(String(computed, radix: 16)), the one sealed when it was appended \(String(stored, radix: 16))"
        }
    }
}
