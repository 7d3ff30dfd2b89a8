import ArgumentParsing

/// The root command: `fm <subcommand>`. Apple's subcommands come first, with Apple's names and
/// behaviour where it is documented; ours follow, with the same shared options (ModelOptions,
/// SamplingOptions, ThreadOptions, `--json`). A new subcommand is a type listed here (or in its
/// group's configuration).
struct FM: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "fm",
            abstract: "Apple's FoundationModels on Linux: a local model, guided generation, tools.",
            discussion: """
                With no subcommand, prints this help. Run 'fm help <subcommand>' or 'fm <subcommand> --help'
                for a subcommand's options. Errors are printed as 'fm: <description>' on standard error.
                """,
            groupedSubcommands: [
                CommandGroup(name: "Subcommands as in Apple's fm", subcommands: [
                    AvailableCommand.self, RespondCommand.self, ChatCommand.self, CountTokensCommand.self,
                    SchemaCommand.self, LicenseCommand.self, ServeCommand.self,
                ]),
                CommandGroup(name: "More subcommands", subcommands: [
                    ModelsCommand.self, EvalCommand.self, GenerateCommand.self, CompleteCommand.self, TokenizeCommand.self, LanguageCommand.self,
                    GuardrailCommand.self, JSONSchemaCommand.self, EnvelopeCommand.self, BenchCommand.self,
                ]),
            ],
            helpSections: [FM.exitStatusSection],
            formerSubcommands: [
                "maskbench": "fm bench maskbench",
            ])
    }

    /// The exit statuses every subcommand uses (ExitStatus.swift).
    static let exitStatusSection = HelpSection(title: "Exit status", items: [
        ("0", "Done; the answer is yes."),
        ("1", "Done, and the answer is no (an invalid instance, a refused envelope, blocked text)."),
        ("64", "The command line is wrong (the usage is printed)."),
        ("65", "Bad data: input that cannot be used, a prompt longer than the context, a schema the decoder cannot enforce, a guided value cut off by the token budget."),
        ("66", "An input file does not exist or cannot be read."),
        ("69", "The model is unavailable (missing, not loadable, disabled)."),
        ("70", "Internal error."),
        ("73", "An output file cannot be written."),
        ("75", "A guardrail violation or a refusal."),
        ("130", "Interrupted."),
    ])
}
