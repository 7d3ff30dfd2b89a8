import Testing
@testable import ArgumentParsing

@Suite("Help") struct HelpTests {
    @Test func helpIsTheSameForEverySpellingAndGoesToStandardOutput() throws {
        let spellings = [["answer", "--help"], ["answer", "-h"], ["help", "answer"], ["answer", "hi", "-g", "--help"],
                         ["answer", "--bogus", "-h"]]
        let texts = try spellings.map { words in
            let help = try #require(exit(words))
            #expect(help.status == .success)
            #expect(help.stream == .standardOutput)
            return help.text
        }
        #expect(Set(texts).count == 1)
        #expect(texts[0] == Tool.helpText(for: ["answer"]))
    }

    @Test func leafHelpVerbatim() throws {
        #expect(Tool.helpText(for: ["answer"]) == """
            OVERVIEW: Answer a prompt.

            USAGE: tool answer [--instructions <text>] [--max-tokens <n>] [--greedy]
                               [--quiet] [--[no-]stream] [--text <text> ...]
                               [--whitespace <whitespace>] [--model <path>] [--seed <seed>]
                               [<prompt> ...]

            ARGUMENTS:
              <prompt> ...            The prompt.

            OPTIONS:
              -i, --instructions <text>
                                      The instructions.
              --max-tokens <n>        Most tokens to generate. (default: 512)
              -g, --greedy            Always pick the most likely token.
              -q, --quiet             Print less.
              --[no-]stream           Print the answer as it is generated.
              --text <text>           A text segment.
              --whitespace <whitespace>
                                      Whitespace between tokens. (values: compact, space,
                                      flexible; default: compact)
              -m, --model <path>      The model file.
              --seed <seed>           Random seed.
              -h, --help              Show help information.

            """)
    }

    @Test func groupHelpListsSubcommands() throws {
        let text = try #require(Tool.helpText(for: ["group"]))
        #expect(text == """
            OVERVIEW: A group of commands.

            USAGE: tool group <subcommand>

            OPTIONS:
              -h, --help              Show help information.

            SUBCOMMANDS:
              leaf                    A leaf.
              required                Needs things.

              See 'tool help group <subcommand>' for detailed help.

            """)
    }

    @Test func aGroupAloneShowsItsHelpWhenRun() async throws {
        var parsed = try Tool.parse(["group"])
        do {
            try await parsed.command.run()
            Issue.record("a group ran")
        } catch {
            let exit = try #require(parsed.exit(for: error))
            #expect(exit.status == .success)
            #expect(exit.text == Tool.helpText(for: ["group"]))
        }
        let root = try #require(exit(["--help"]))
        #expect(root.text == Tool.helpText())
        #expect(root.text.contains("  answer                  Answer a prompt.\n"))
    }

    @Test func lateValidationErrorsAndExitCodes() throws {
        let parsed = try Tool.parse(["group", "leaf"])
        let usage = try #require(parsed.exit(for: UsageError("--json needs a file")))
        #expect(usage.status == .validationFailure)
        #expect(usage.text.hasPrefix("tool: --json needs a file\nUSAGE: tool group leaf [--json]\n"))
        let silent = try #require(parsed.exit(for: ExitCode(65)))
        #expect(silent.status.rawValue == 65)
        #expect(silent.text.isEmpty)
        struct Other: Error {}
        #expect(parsed.exit(for: Other()) == nil)
    }

    @Test(arguments: [("maxTokens", "max-tokens"), ("noBOS", "no-bos"), ("json", "json"), ("_greedy", "greedy"),
                      ("CountTokensCommand", "count-tokens-command"), ("URLPath", "url-path"), ("jsonSchema2", "json-schema2")])
    func kebabCaseNames(label: String, name: String) {
        #expect(ArgumentNames.kebabCase(label) == name)
    }

    @Test func commandNamesDefaultToTheTypeName() {
        struct CountTokensCommand: ParsableCommand {}
        #expect(CommandPath.name(of: CountTokensCommand.self) == "count-tokens")
        #expect(CommandPath.name(of: Required.self) == "required")
    }
}

@Suite("NameSuggestion") struct NameSuggestionTests {
    @Test(arguments: [
        ("gredy", "greedy"), ("greddy", "greedy"), ("respnod", "respond"), ("max-tokesn", "max-tokens"),
        ("instr", "instructions"), ("JSON", "json"),
    ])
    func suggestsTheNearestName(typed: String, expected: String) {
        #expect(NameSuggestion.nearest(to: typed, in: ["greedy", "respond", "max-tokens", "instructions", "json"]) == expected)
    }

    @Test func suggestsNothingFarAway() {
        #expect(NameSuggestion.nearest(to: "zebra", in: ["greedy", "respond"]) == nil)
        #expect(NameSuggestion.nearest(to: "re", in: ["respond", "reset"]) == nil)
    }

    @Test func editDistanceCountsSwapsAsOne() {
        #expect(NameSuggestion.editDistance("ab", "ba") == 1)
        #expect(NameSuggestion.editDistance("kitten", "sitting") == 3)
        #expect(NameSuggestion.editDistance("", "abc") == 3)
    }
}
