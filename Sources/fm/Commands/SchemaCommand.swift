import ArgumentParsing

/// `fm schema`: build JSON Schemas for guided output and show them as the session sees them.
struct SchemaCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "schema", abstract: "Build a JSON Schema for guided output, or show one as the session uses it.",
            subcommands: [SchemaObjectCommand.self, SchemaShowCommand.self])
    }
}
