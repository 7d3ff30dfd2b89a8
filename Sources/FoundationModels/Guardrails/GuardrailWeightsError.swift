/// Why the guardrail classifier's weights could not be loaded.
///
/// The weights ship as the resource `Resources/guardrail-weights.tsv`. Its header declares how
/// many concept classes and features follow and a checksum of them, so a truncated, edited or
/// corrupted copy is refused as a whole instead of being scored with some lines missing.
package enum GuardrailWeightsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The resource is not where it is installed (a packaging problem); `name` says where it
    /// was looked for.
    case resourceMissing(name: String)
    /// The file could not be read; `reason` is the underlying error's description.
    case unreadable(path: String, reason: String)
    /// The file is larger than any weight table this format is meant to hold.
    case tooLarge(bytes: Int, limit: Int)
    /// A line of the file is not what the format allows there (1-based line number).
    case malformed(line: Int, reason: String)
    /// The header is missing a required field.
    case missingHeaderField(String)
    /// The header declares `declared` entries of `what`, but the body holds `found`.
    case countMismatch(what: String, declared: Int, found: Int)
    /// The body's checksum is not the one the header declares.
    case checksumMismatch(declared: String, computed: String)

    package var description: String {
        switch self {
        case .resourceMissing(let name):
            "guardrail weights: \(name)"
        case .unreadable(let path, let reason):
            "guardrail weights: cannot read \(path): \(reason)"
        case .tooLarge(let bytes, let limit):
            "guardrail weights: file is \(bytes) bytes, more than the limit of \(limit)"
        case .malformed(let line, let reason):
            "guardrail weights: line \(line): \(reason)"
        case .missingHeaderField(let field):
            "guardrail weights: header has no '\(field)' field"
        case .countMismatch(let what, let declared, let found):
            "guardrail weights: header declares \(declared) \(what), body holds \(found)"
        case .checksumMismatch(let declared, let computed):
            "guardrail weights: body checksum is \(computed), header declares \(declared)"
        }
    }
}
