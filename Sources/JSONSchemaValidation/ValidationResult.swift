import JSONCore
/// The outcome of `JSONSchema.validate(_:)`.
public struct ValidationResult: Sendable, Hashable {
    /// Every failed assertion that made the instance invalid (empty when valid). When
    /// `limitExceeded` is set, it is here too, as the last error.
    public let errors: [ValidationError]
    /// Set when validation stopped at one of its budgets before it could decide (nesting, regex
    /// backtracking); the instance then counts as not valid.
    public let limitExceeded: ValidationLimitError?

    public init(errors: [ValidationError], limitExceeded: ValidationLimitError? = nil) {
        self.errors = errors
        self.limitExceeded = limitExceeded
    }

    /// Whether the instance conforms to the schema (validation finished and found no error).
    public var isValid: Bool { errors.isEmpty && limitExceeded == nil }
}
