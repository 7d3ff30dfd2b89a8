import ArgumentParsing

/// `fm jsonschema`: the Draft 2020-12 validator (its benchmark is `fm bench jsonschema`).
struct JSONSchemaCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "jsonschema", abstract: "Validate JSON against a JSON Schema (Draft 2020-12).",
                             subcommands: [JSONSchemaValidateCommand.self],
                             formerSubcommands: ["bench": "fm bench jsonschema"])
    }
}
