import ArgumentParsing

/// A small command tree shaped like fm's: a root with a leaf command and a group.
struct Tool: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "tool", abstract: "A tool to test the parser.",
                             subcommands: [Answer.self, Group.self],
                             formerSubcommands: ["old": "tool group leaf"])
    }
}

enum Whitespace: String, CaseIterable, ExpressibleByArgument { case compact, space, flexible }

struct SharedOptions: ParsableArguments {
    @Option(short: "m", help: "The model file.", valueName: "path") var model: String?
    @Option(help: "Random seed.") var seed: UInt64?

    func validate() throws {
        if model == "" { throw UsageError("--model must not be empty") }
    }
}

struct Answer: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "answer", abstract: "Answer a prompt.", aliases: ["reply"])
    }

    @Option(short: "i", help: "The instructions.", valueName: "text") var instructions: String?
    @Option(help: "Most tokens to generate.", valueName: "n") var maxTokens = 512
    @Flag(short: "g", help: "Always pick the most likely token.") var greedy = false
    @Flag(short: "q", help: "Print less.") var quiet = false
    @Flag(inversion: .prefixedNo, help: "Print the answer as it is generated.") var stream: Bool?
    @Option(help: "A text segment.", valueName: "text") var text: [String] = []
    @Option(help: "Whitespace between tokens.") var whitespace: Whitespace = .compact
    @OptionGroup var shared: SharedOptions
    @Argument(help: "The prompt.") var prompt: [String] = []

    func validate() throws {
        guard maxTokens >= 1 else { throw UsageError("--max-tokens must be at least 1, got \(maxTokens)") }
    }
}

struct Group: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "group", abstract: "A group of commands.", subcommands: [Leaf.self, Required.self])
    }
}

struct Leaf: ParsableCommand {
    static var configuration: CommandConfiguration { CommandConfiguration(commandName: "leaf", abstract: "A leaf.") }
    @Flag(help: "Report as JSON.") var json = false
}

struct Required: ParsableCommand {
    static var configuration: CommandConfiguration { CommandConfiguration(abstract: "Needs things.") }
    @Option(help: "A schema file.", valueName: "file") var schema: String
    @Argument(help: "The input file.", valueName: "file") var input: String
    @Argument(help: "An optional second file.", valueName: "other") var other: String?
}

struct OrderedWords: ParsableCommand {
    static var configuration: CommandConfiguration { CommandConfiguration(commandName: "object", abstract: "Ordered flags.") }
    @Option(help: "The name.") var name: String?
    @Argument(help: "Property declarations.", parsing: .passthrough) var declarations: [String] = []
}
