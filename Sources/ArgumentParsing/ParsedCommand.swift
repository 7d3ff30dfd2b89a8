/// A command filled in from the command line and validated, ready to run.
///
/// ```swift
/// var parsed = try FM.parse(Array(CommandLine.arguments.dropFirst()))
/// do { try await parsed.command.run() }
/// catch { if let exit = parsed.exit(for: error) { ... } else { report(error) } }
/// ```
public struct ParsedCommand {
    public var command: any ParsableCommand
    let path: CommandPath

    /// `fm bench engine`.
    public var fullName: String { path.fullName }

    /// How to end for an error thrown by `run()` when it is one of the parser's own: a group's
    /// help request (help, status 0), a ``UsageError`` (the usage, status 64) or an
    /// ``ExitCode`` (nothing printed). Nil for any other error: the program reports it.
    public func exit(for error: any Error) -> CommandLineExit? {
        switch error {
        case is HelpRequest: CommandLineExit.help(for: path)
        case let error as UsageError: CommandLineExit.usage(error.message, path: path)
        case let code as ExitCode: CommandLineExit(text: "", stream: .standardError, status: code)
        case let exit as CommandLineExit: exit
        default: nil
        }
    }
}

extension ParsableCommand {
    /// Parses a command line (without the program name) with this type as the root command.
    ///
    /// - throws: ``CommandLineExit`` when the command line asks for help (status 0) or is wrong
    ///   (status 64); print its text on its stream and exit with its status.
    public static func parse(_ arguments: [String]) throws(CommandLineExit) -> ParsedCommand {
        try CommandParser(root: self).parse(arguments)
    }

    /// The help text of the command that `words` name below this root (`["bench", "engine"]`).
    public static func helpText(for words: [String] = []) -> String? {
        var path = CommandPath(types: [self])
        for word in words {
            guard let next = CommandPath.subcommand(word, of: path.leaf) else { return nil }
            path.types.append(next)
        }
        return HelpFormatter(path: path).help
    }
}
