import ArgumentParsing
import JSONCore

/// `fm schema object`: builds an object schema from property flags, as Apple's
/// `fm schema object --name Person --string name --integer age` does, for `fm respond --schema`.
///
/// Each type flag starts a property; `--array`, `--optional` and `--description` change the
/// property just before them, so the words are read in order by ``SchemaBuilder`` (the parser
/// hands them over untouched).
struct SchemaObjectCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "object",
            abstract: "Build an object JSON Schema from property flags (Apple's 'fm schema object').",
            discussion: """
                Each type flag starts a property; the modifiers change the property just before them.
                'a.b' declares property b of a nested object a (its schema goes into $defs as 'A').
                Every object gets title, type, properties, required (all but --optional ones), x-order
                (the order the model writes them) and additionalProperties: false, as Apple's does;
                keys are printed in a fixed order.

                  fm schema object --name Person --string name --integer age --description 'Age in years'
                  fm respond --schema person.json 'Ada Lovelace is 36.'
                """,
            helpSections: [HelpSection(title: "Properties", items: [
                ("--string <name>", "A string property."),
                ("--integer, --int <name>", "An integer property."),
                ("--double, --float <name>", "A number property."),
                ("--boolean, --bool <name>", "A boolean property."),
                ("--object <name>", "A nested object property; the next word must be --schema <json>."),
                ("--anyOf", "The root becomes a union; each following --schema <json> is one choice."),
                ("--schema <json>", "A schema, after --object or --anyOf."),
                ("--array", "The property before it becomes an array of it."),
                ("--optional", "The property before it is not required."),
                ("--description <text>", "A description for the property before it."),
            ])])
    }

    @Option(help: "The root object's name (its title).", valueName: "name")
    var name: String
    @Flag(help: "Print the schema on one line.")
    var compact = false
    @Argument(help: "Property declarations, in order (see PROPERTIES).", valueName: "property", parsing: .passthrough)
    var declarations: [String] = []

    func validate() throws {
        guard !name.isEmpty else { throw UsageError("--name must not be empty") }
        _ = try SchemaBuilder(name: name, words: declarations).schema()
    }

    func run() async throws {
        let schema = try SchemaBuilder(name: name, words: declarations).schema()
        if compact { JSONOutput.write(schema) } else { Terminal.line(JSONOutput.pretty(schema)) }
    }
}
