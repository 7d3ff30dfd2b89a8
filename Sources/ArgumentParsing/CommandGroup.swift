/// Subcommands shown together under a title in the parent's help.
public struct CommandGroup {
    public var name: String
    public var subcommands: [any ParsableCommand.Type]

    public init(name: String, subcommands: [any ParsableCommand.Type]) {
        self.name = name
        self.subcommands = subcommands
    }
}
