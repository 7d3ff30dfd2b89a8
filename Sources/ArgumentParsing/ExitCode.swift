/// A process exit status, thrown to end a command with that status and nothing printed.
///
/// ```swift
/// if !allValid { throw ExitCode.failure }
/// ```
public struct ExitCode: Error, RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }
    public init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// 0.
    public static let success = ExitCode(0)
    /// 1: the command ran, and its answer is no.
    public static let failure = ExitCode(1)
    /// 64 (`EX_USAGE`): the command line was wrong.
    public static let validationFailure = ExitCode(64)

    public var description: String { "exit status \(rawValue)" }
}
