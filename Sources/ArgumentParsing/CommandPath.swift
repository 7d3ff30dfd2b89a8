/// The commands from the root to the one being run, with the words that named them.
struct CommandPath {
    var types: [any ParsableCommand.Type]

    var leaf: any ParsableCommand.Type { types[types.count - 1] }

    /// `fm bench engine`.
    var fullName: String { types.map(CommandPath.name(of:)).joined(separator: " ") }

    /// The word that invokes `type`: its configured name, else its type name in kebab case
    /// without a `Command` suffix.
    static func name(of type: any ParsableCommand.Type) -> String {
        if let name = type.configuration.commandName { return name }
        var typeName = String(describing: type)
        if typeName.hasSuffix("Command"), typeName != "Command" { typeName.removeLast("Command".count) }
        return ArgumentNames.kebabCase(typeName)
    }

    /// The subcommand of `parent` that `word` names (its name or an alias).
    static func subcommand(_ word: String, of parent: any ParsableCommand.Type) -> (any ParsableCommand.Type)? {
        parent.configuration.allSubcommands.first { name(of: $0) == word || $0.configuration.aliases.contains(word) }
    }
}
