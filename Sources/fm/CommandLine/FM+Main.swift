import ArgumentParsing

extension FM {
    /// Parses the command line, runs the command and reports how it ended: help and usage
    /// errors as the parser formats them, other errors as ``ErrorReport`` describes them.
    ///
    /// - returns: the process exit status.
    static func main(_ arguments: [String]) async -> ExitCode {
        var parsed: ParsedCommand
        do {
            parsed = try FM.parse(arguments)
        } catch {
            emit(error)
            return error.status
        }
        do {
            try await parsed.command.run()
            return .success
        } catch {
            if let exit = parsed.exit(for: error) {
                emit(exit)
                return exit.status
            }
            let report = ErrorReport(error)
            Terminal.write(report.text(styled: Terminal.colorEnabled(on: .standardError)), to: .standardError)
            return report.status
        }
    }

    private static func emit(_ exit: CommandLineExit) {
        guard !exit.text.isEmpty else { return }
        let stream: Terminal.Stream = exit.stream == .standardOutput ? .standardOutput : .standardError
        var text = exit.text
        if stream == .standardError, text.hasPrefix("fm:"), Terminal.colorEnabled(on: .standardError) {
            text = Terminal.style("fm:", .errorLabel) + text.dropFirst(3)
        }
        Terminal.write(text, to: stream)
    }
}
