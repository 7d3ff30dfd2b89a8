import Testing
@testable import ArgumentParsing

/// Parses `words` below `Tool`, expecting a command of type `T`.
func parse<T: ParsableCommand>(_ words: [String], as type: T.Type = T.self,
                               sourceLocation: SourceLocation = #_sourceLocation) throws -> T {
    let parsed = try Tool.parse(words)
    return try #require(parsed.command as? T, sourceLocation: sourceLocation)
}

/// The exit a command line ends with (help or a usage error).
func exit<Root: ParsableCommand>(_ words: [String], root: Root.Type = Tool.self,
                                 sourceLocation: SourceLocation = #_sourceLocation) -> CommandLineExit? {
    do {
        _ = try Root.parse(words)
        Issue.record("\(words) parsed", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// The message of a usage error: the first line without the `tool: ` prefix.
func usageMessage(_ words: [String], sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    guard let exit = exit(words, sourceLocation: sourceLocation) else { return nil }
    #expect(exit.status == .validationFailure, sourceLocation: sourceLocation)
    #expect(exit.stream == .standardError, sourceLocation: sourceLocation)
    let first = exit.text.split(separator: "\n").first.map(String.init) ?? ""
    #expect(first.hasPrefix("tool: "), sourceLocation: sourceLocation)
    return String(first.dropFirst("tool: ".count))
}

@Suite("CommandParser") struct CommandParserTests {
    @Test func optionsInBothSpellingsFlagsAndPositionals() throws {
        let answer = try parse(["answer", "--max-tokens", "64", "--instructions=Be brief.", "-g", "hello", "world"], as: Answer.self)
        #expect(answer.maxTokens == 64)
        #expect(answer.instructions == "Be brief.")
        #expect(answer.greedy)
        #expect(!answer.quiet)
        #expect(answer.stream == nil)
        #expect(answer.prompt == ["hello", "world"])
    }

    @Test func defaultsWhenNothingIsGiven() throws {
        let answer = try parse(["answer"], as: Answer.self)
        #expect(answer.maxTokens == 512)
        #expect(answer.instructions == nil)
        #expect(answer.whitespace == .compact)
        #expect(answer.text.isEmpty)
        #expect(answer.shared.model == nil)
    }

    @Test func optionsMayComeAfterPositionals() throws {
        let answer = try parse(["answer", "hello", "--greedy", "world", "-m", "model.gguf"], as: Answer.self)
        #expect(answer.prompt == ["hello", "world"])
        #expect(answer.greedy)
        #expect(answer.shared.model == "model.gguf")
    }

    @Test func shortClustersAndAttachedValues() throws {
        let answer = try parse(["answer", "-gq", "-iBe brief.", "-mmodel.gguf"], as: Answer.self)
        #expect(answer.greedy && answer.quiet)
        #expect(answer.instructions == "Be brief.")
        #expect(answer.shared.model == "model.gguf")
        #expect(exit(["answer", "-gm"])?.text.hasPrefix("tool: missing value for '-m <path>'") == true)
    }

    @Test func doubleDashEndsOptions() throws {
        let answer = try parse(["answer", "--greedy", "--", "-h", "--help", "--max-tokens", "3", "--"], as: Answer.self)
        #expect(answer.prompt == ["-h", "--help", "--max-tokens", "3", "--"])
        #expect(answer.maxTokens == 512)
    }

    @Test func negativeNumbersAreValuesAndWords() throws {
        let answer = try parse(["answer", "-5", "plus", "3", "--seed", "7"], as: Answer.self)
        #expect(answer.prompt == ["-5", "plus", "3"])
        #expect(answer.shared.seed == 7)
        // Parsed, then refused by validate(): the two steps are separate.
        #expect(usageMessage(["answer", "--max-tokens", "-3"]) == "--max-tokens must be at least 1, got -3")
    }

    @Test func repeatableOptionsCollectInOrderAndEnumsParse() throws {
        let answer = try parse(["answer", "--text", "a", "--text=b", "--whitespace", "space"], as: Answer.self)
        #expect(answer.text == ["a", "b"])
        #expect(answer.whitespace == .space)
    }

    @Test func invertedFlags() throws {
        #expect(try parse(["answer", "--stream"], as: Answer.self).stream == true)
        #expect(try parse(["answer", "--no-stream"], as: Answer.self).stream == false)
        #expect(usageMessage(["answer", "--stream", "--no-stream"]) == "'--stream' and '--no-stream' cannot be used together")
        #expect(usageMessage(["answer", "--no-stream", "--no-stream"]) == "'--no-stream' given more than once")
    }

    @Test(arguments: [
        (["answer", "--gredy"], "unknown option '--gredy'; did you mean '--greedy'?"),
        (["answer", "--maxtokens", "3"], "unknown option '--maxtokens'; did you mean '--max-tokens'?"),
        (["answer", "--instruct", "x"], "unknown option '--instruct'; did you mean '--instructions'?"),
        (["answer", "--frobnicate"], "unknown option '--frobnicate' (to pass text that starts with '-', put it after '--')"),
        (["group", "leaf", "--frobnicate"], "unknown option '--frobnicate'"),
        (["answer", "-x", "text"], "unknown option '-x' (to pass text that starts with '-', put it after '--')"),
        (["answer", "-gx"], "unknown option '-x' (to pass text that starts with '-', put it after '--')"),
        (["group", "leaf", "-x"], "unknown option '-x'"),
        (["answer", "--max-tokens", "1", "--max-tokens", "2"], "'--max-tokens' given more than once"),
        (["answer", "-g", "--greedy"], "'--greedy' given more than once"),
        (["answer", "--seed", "1", "--seed=1"], "'--seed' given more than once"),
        (["answer", "--max-tokens"], "missing value for '--max-tokens <n>'"),
        (["answer", "--instructions", "--greedy", "hi"], "missing value for '--instructions <text>'"),
        (["answer", "-i", "--", "hi"], "missing value for '-i <text>'"),
        (["answer", "--max-tokens", "many"], "invalid value 'many' for '--max-tokens <n>': expected an integer"),
        (["answer", "--seed", "-1"], "invalid value '-1' for '--seed <seed>': expected a non-negative integer"),
        (["answer", "--whitespace", "spaec"],
         "invalid value 'spaec' for '--whitespace <whitespace>': expected one of compact, space, flexible; did you mean 'space'?"),
        (["answer", "--greedy=yes"], "'--greedy' takes no value"),
        (["group", "leaf", "extra"], "unexpected argument 'extra'"),
        (["group", "required", "--schema", "s.json"], "missing '<file>'"),
        (["group", "required", "in.json"], "missing '--schema <file>'"),
        (["group", "required", "--schema", "s", "a", "b", "c"], "unexpected argument 'c'"),
        (["answer", "-m", ""], "--model must not be empty"),
        (["respnd"], "unknown command 'respnd'"),
        (["answr"], "unknown command 'answr'; did you mean 'answer'?"),
        (["group", "lef"], "unknown command 'lef'; did you mean 'leaf'?"),
        (["old"], "unknown command 'old'; it is now 'tool group leaf'"),
        (["help", "nothing"], "unknown command 'nothing'"),
    ] as [([String], String)])
    func misuseIsAUsageErrorNamingTheProblem(words: [String], message: String) {
        #expect(usageMessage(words) == message)
    }

    @Test func usageErrorsShowTheUsageAndWhereHelpIs() throws {
        let error = try #require(exit(["group", "leaf", "--jsn"]))
        #expect(error.text == """
            tool: unknown option '--jsn'; did you mean '--json'?
            USAGE: tool group leaf [--json]
              See 'tool group leaf --help' for more information.

            """)
    }

    @Test func requiredArgumentsAndOptionals() throws {
        let required = try parse(["group", "required", "in.json", "--schema", "s.json"], as: Required.self)
        #expect(required.input == "in.json")
        #expect(required.schema == "s.json")
        #expect(required.other == nil)
        #expect(try parse(["group", "required", "--schema", "s", "a", "b"], as: Required.self).other == "b")
    }

    @Test func aliasesNameTheSameCommand() throws {
        #expect(try parse(["reply", "-g"], as: Answer.self).greedy)
    }

    @Test func passthroughKeepsUndeclaredOptionsInOrder() throws {
        struct Root: ParsableCommand {
            static var configuration: CommandConfiguration { CommandConfiguration(commandName: "r", subcommands: [OrderedWords.self]) }
        }
        let parsed = try Root.parse(["object", "--string", "a", "--name", "N", "--optional", "--int", "b", "-x"])
        let command = try #require(parsed.command as? OrderedWords)
        #expect(command.name == "N")
        #expect(command.declarations == ["--string", "a", "--optional", "--int", "b", "-x"])
        let help = try #require(exit(["object", "--string", "a", "--help"], root: Root.self))
        #expect(help.status == .success)
    }
}
