import JSONCore
/// The outcome of `JSONSchema.validate(_:)`.
public struct ValidationResult: Sendable, Hashable {
    /// Every failed assertion that made the instance invalid (empty when valid).
    public let errors: [ValidationError]

    public init(errors: [ValidationError]) { self.errors = errors }

    /// Whether the instance conforms to the schema.
    public var isValid: Bool { errors.isEmpty }
}
