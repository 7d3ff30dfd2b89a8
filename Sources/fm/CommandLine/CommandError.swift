import ArgumentParsing

/// An error of fm's own: what went wrong, the fix when there is one, and the exit status.
///
/// ```swift
/// throw CommandError("cannot read schema file 'x.json': No such file or directory", status: .noInput)
/// ```
struct CommandError: Error, CustomStringConvertible {
    var description: String
    /// What to do about it, printed on its own line after the message.
    var hint: String?
    var status: ExitCode

    init(_ description: String, hint: String? = nil, status: ExitCode) {
        self.description = description
        self.hint = hint
        self.status = status
    }
}
