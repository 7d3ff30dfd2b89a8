/// A command (or a group of subcommands) that the parser can resolve, fill in and run.
///
/// ```swift
/// struct Tokenize: ParsableCommand {
///     static var configuration: CommandConfiguration {
///         CommandConfiguration(commandName: "tokenize", abstract: "Print token ids.")
///     }
///     @Flag(help: "Recognise control tokens written in the text.") var special = false
///     @Argument(help: "The text.") var text: [String] = []
///
///     func run() async throws { ... }
/// }
/// ```
///
/// Parsing resolves the subcommand path, fills the declared arguments, calls
/// ``ParsableArguments/validate()`` on every option group and on the command, and only then
/// is `run()` called. A command whose configuration lists subcommands and that does not
/// implement `run()` prints its help when it is invoked alone.
public protocol ParsableCommand: ParsableArguments {
    /// The command's name, help text and subcommands.
    static var configuration: CommandConfiguration { get }

    /// Does the command's work. Errors thrown here are the program's to report, except
    /// ``UsageError`` (a usage mistake found late) and ``ExitCode`` (a silent status).
    mutating func run() async throws
}

extension ParsableCommand {
    public static var configuration: CommandConfiguration { CommandConfiguration() }

    public mutating func run() async throws {
        throw HelpRequest()
    }
}
