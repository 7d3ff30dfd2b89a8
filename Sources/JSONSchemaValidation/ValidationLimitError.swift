/// Why validation stopped before it could decide: a budget that bounds its work was spent.
///
/// Reported in `ValidationResult.limitExceeded` (and, for callers that only list errors, as one
/// of its `errors`). Such an instance is neither valid nor shown invalid: the schema and
/// instance asked for more work than `JSONSchema.validate(_:)` does for any input.
///
/// ```swift
/// let schema = try JSONSchema(["pattern": "^(a+)+$"])
/// let result = schema.validate(.string(String(repeating: "a", count: 40) + "b"))
/// result.isValid             // false
/// result.limitExceeded?.reason
/// // .regexBudgetExhausted(pattern: "^(a+)+$", budget: 2_000_000)
/// ```
public struct ValidationLimitError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// Subschemas were applied more than `limit` levels deep (`JSONSchema.maximumEvaluationDepth`),
        /// through a deep instance, a long chain of references or both.
        case nestingTooDeep(limit: Int)
        /// Matching `pattern` took more than `budget` backtracking steps
        /// (`ECMARegex.stepBudget`): it might still have matched.
        case regexBudgetExhausted(pattern: String, budget: Int)
        /// Matching `pattern` recursed more than `limit` levels deep (a quantified group over a
        /// very long string).
        case regexTooDeep(pattern: String, limit: Int)
    }

    public let reason: Reason
    /// JSON Pointer to the instance value being validated when the limit was hit.
    public let instancePath: String
    /// The keywords followed from the schema root to where the limit was hit.
    public let keywordLocation: String

    public init(_ reason: Reason, instancePath: String, keywordLocation: String) {
        self.reason = reason
        self.instancePath = instancePath
        self.keywordLocation = keywordLocation
    }

    /// What was exceeded, by how much it was allowed, and where.
    public var message: String {
        switch reason {
        case .nestingTooDeep(let limit):
            "validation stopped: subschemas applied more than \(limit) levels deep (JSONSchema.maximumEvaluationDepth) at schema location \(JSONPointer.abbreviated(keywordLocation))"
        case .regexBudgetExhausted(let pattern, let budget):
            "validation stopped: matching the pattern \(Self.quoted(pattern)) took more than \(budget) backtracking steps (ECMARegex.stepBudget)"
        case .regexTooDeep(let pattern, let limit):
            "validation stopped: matching the pattern \(Self.quoted(pattern)) recursed more than \(limit) levels deep"
        }
    }

    /// `<instance path>: <message>`, as `ValidationError` writes itself.
    public var description: String {
        "\(instancePath.isEmpty ? "/" : JSONPointer.abbreviated(instancePath)): \(message)"
    }

    /// The error as an entry of `ValidationResult.errors`.
    var validationError: ValidationError {
        ValidationError(instancePath: instancePath, keywordLocation: keywordLocation, message: message)
    }

    /// A pattern for a message: whole up to 200 characters.
    private static func quoted(_ pattern: String) -> String {
        let scalars = pattern.unicodeScalars
        guard scalars.count > 200 else { return "'\(pattern)'" }
        return "'\(String(String.UnicodeScalarView(scalars.prefix(200))))…' (\(scalars.count) characters)"
    }
}
