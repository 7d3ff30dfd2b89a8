/// What a command is called, what it says about itself in help, and its subcommands.
///
/// ```swift
/// CommandConfiguration(
///     commandName: "bench",
///     abstract: "Benchmarks.",
///     subcommands: [Engine.self, MaskBench.self])
/// ```
public struct CommandConfiguration {
    /// The word that invokes the command; by default the type's name in kebab case without a
    /// `Command` suffix (`CountTokensCommand` → `count-tokens`).
    public var commandName: String?
    /// One line for the parent's list of subcommands and the top of the help.
    public var abstract: String
    /// Paragraphs shown after the overview in the command's own help.
    public var discussion: String
    /// Subcommands, listed in this order under SUBCOMMANDS.
    public var subcommands: [any ParsableCommand.Type]
    /// Subcommands listed in titled groups after ``subcommands`` (the root lists Apple's
    /// commands and ours apart).
    public var groupedSubcommands: [CommandGroup]
    /// Other words that invoke the command (its parent accepts them too).
    public var aliases: [String]
    /// Whether the parent's help lists the command.
    public var shouldDisplay: Bool
    /// Extra sections at the end of the help, such as EXIT STATUS or a list of properties
    /// that a command parses itself.
    public var helpSections: [HelpSection]
    /// Words that used to be subcommands and what replaced them (`"maskbench": "fm bench
    /// maskbench"`): the error for such a word names the new spelling.
    public var formerSubcommands: [String: String]

    public init(commandName: String? = nil, abstract: String = "", discussion: String = "",
                subcommands: [any ParsableCommand.Type] = [], groupedSubcommands: [CommandGroup] = [],
                aliases: [String] = [], shouldDisplay: Bool = true, helpSections: [HelpSection] = [],
                formerSubcommands: [String: String] = [:]) {
        self.commandName = commandName
        self.abstract = abstract
        self.discussion = discussion
        self.subcommands = subcommands
        self.groupedSubcommands = groupedSubcommands
        self.aliases = aliases
        self.shouldDisplay = shouldDisplay
        self.helpSections = helpSections
        self.formerSubcommands = formerSubcommands
    }

    /// Every subcommand, grouped ones included, in help order.
    var allSubcommands: [any ParsableCommand.Type] { subcommands + groupedSubcommands.flatMap(\.subcommands) }
}
