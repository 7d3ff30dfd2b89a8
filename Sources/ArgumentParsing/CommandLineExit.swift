/// How the process ends when it does not run a command to completion: the text to print, on
/// which stream, and the exit status.
///
/// Help that was asked for goes to standard output with status 0; a usage mistake goes to
/// standard error, as `<root>: <message>` followed by the usage, with status 64.
public struct CommandLineExit: Error, Sendable {
    public enum Stream: Sendable { case standardOutput, standardError }

    public var text: String
    public var stream: Stream
    public var status: ExitCode

    public init(text: String, stream: Stream, status: ExitCode) {
        self.text = text
        self.stream = stream
        self.status = status
    }

    static func help(for path: CommandPath) -> CommandLineExit {
        CommandLineExit(text: HelpFormatter(path: path).help, stream: .standardOutput, status: .success)
    }

    static func usage(_ message: String, path: CommandPath) -> CommandLineExit {
        let root = CommandPath.name(of: path.types[0])
        let text = "\(root): \(message)\n\(HelpFormatter(path: path).usage)\n  See '\(path.fullName) --help' for more information.\n"
        return CommandLineExit(text: text, stream: .standardError, status: .validationFailure)
    }
}
