import Foundation

/// Every subcommand, in the order `fm --help` lists them. Add new ones here.
let commands: [any Command.Type] = [
    TokenizeCommand.self,
    CompleteCommand.self,
    BenchCommand.self,
    MaskBenchCommand.self,
    GenerateCommand.self,
    RespondCommand.self,
    LanguageCommand.self,
    GuardrailCommand.self,
]

/// Finds the command whose (possibly multi-word) name starts the argument list.
@MainActor func resolve(_ arguments: [String]) -> (any Command.Type, [String])? {
    let sorted = commands.sorted { $0.name.split(separator: " ").count > $1.name.split(separator: " ").count }
    for command in sorted {
        let words = command.name.split(separator: " ").map(String.init)
        if arguments.count >= words.count, Array(arguments.prefix(words.count)) == words {
            return (command, Array(arguments.dropFirst(words.count)))
        }
    }
    return nil
}

@MainActor func overview() -> String {
    var text = "USAGE: fm <subcommand> [options]\n\nSUBCOMMANDS:\n"
    let width = (commands.map { $0.name.count }.max() ?? 0) + 2
    for command in commands {
        text += "  " + command.name.padding(toLength: width, withPad: " ", startingAt: 0) + command.abstract + "\n"
    }
    return text
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty || arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
    print(overview(), terminator: "")
    exit(arguments.isEmpty ? 64 : 0)
}
guard let (commandType, rest) = resolve(arguments) else {
    printError("error: unknown subcommand '\(arguments[0])'\n")
    printError(overview())
    exit(64)
}
if rest.contains("--help") || rest.contains("-h") {
    print(commandType.usage)
    exit(0)
}
do {
    var list = ArgumentList(rest)
    let command = try commandType.init(arguments: &list)
    exit(try await command.run())
} catch let error as UsageError {
    printError("error: \(error.description)\n\n\(commandType.usage)")
    exit(64)
} catch {
    printError("error: \(error)")
    exit(1)
}
