/// A usage mistake found by a command's own checks (``ParsableArguments/validate()``), or
/// later by `run()`: printed with the command's usage, and the process exits with status 64.
///
/// ```swift
/// guard maxTokens >= 1 else { throw UsageError("--max-tokens must be at least 1, got \(maxTokens)") }
/// ```
///
/// swift-argument-parser calls this `ValidationError`; here that name is JSONSchemaValidation's
/// (an instance that fails a schema), which fm imports too.
public struct UsageError: Error, CustomStringConvertible, Sendable {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
