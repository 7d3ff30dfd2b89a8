import Foundation
import Testing

/// Misuse: status 64, `fm: <what is wrong>` first on standard error, then the usage; nothing
/// on standard output. No model is needed: the command line is checked before anything runs.
@Suite("fm usage errors") struct UsageErrorTests {
    @Test(arguments: [
        (["respond", "--gredy", "hi"], "fm: unknown option '--gredy'; did you mean '--greedy'?"),
        (["respond", "--max-token", "3", "hi"], "fm: unknown option '--max-token'; did you mean '--max-tokens'?"),
        (["respond", "-x", "hi"], "fm: unknown option '-x' (to pass text that starts with '-', put it after '--')"),
        (["respond", "--seed", "1", "--seed", "2", "hi"], "fm: '--seed' given more than once"),
        (["respond", "-g", "--greedy", "hi"], "fm: '--greedy' given more than once"),
        (["respond", "--stream", "--no-stream", "hi"], "fm: '--stream' and '--no-stream' cannot be used together"),
        (["respond", "--max-tokens", "many", "hi"], "fm: invalid value 'many' for '--max-tokens <n>': expected an integer"),
        (["respond", "--max-tokens", "0", "hi"], "fm: --max-tokens must be at least 1, got 0"),
        (["respond", "--temperature", "-1", "hi"], "fm: --temperature must be >= 0, got -1.0"),
        (["respond", "--guardrails", "permissive", "hi"],
         "fm: invalid value 'permissive' for '--guardrails <level>': expected one of default, permissive-content-transformations; did you mean 'permissive-content-transformations'?"),
        (["respond", "--instructions"], "fm: missing value for '--instructions <text>'"),
        (["respond", "--greedy=yes", "hi"], "fm: '--greedy' takes no value"),
        (["respond", "--resume", "t.json", "-i", "x", "hi"],
         "fm: give --resume or --instructions, not both: the transcript already contains its instructions"),
        (["respond", "--schema", "s.json", "--stream", "hi"], "fm: --stream cannot be used with --schema: a guided value is printed once it is complete"),
        (["chat", "--resume", "t.json", "-i", "x"], "fm: give --resume or --instructions, not both: the transcript already contains its instructions"),
        (["count-tokens", "--transcript", "t.json", "-i", "x"],
         "fm: give --transcript or --instructions, not both: the transcript already contains its instructions"),
        (["available", "extra"], "fm: unexpected argument 'extra'"),
        (["respnd", "hi"], "fm: unknown command 'respnd'; did you mean 'respond'?"),
        (["bogus"], "fm: unknown command 'bogus'"),
        (["bench", "concurrent", "--sequences", "1,0"], "fm: --sequences must be comma-separated counts in 1...64, got '1,0'"),
        (["help", "bogus"], "fm: unknown command 'bogus'"),
        (["maskbench", "file.jsonl"], "fm: unknown command 'maskbench'; it is now 'fm bench maskbench'"),
        (["jsonschema", "bench", "--suite", "x"], "fm: unknown command 'bench'; it is now 'fm bench jsonschema'"),
        (["bench", "--threads", "2"], "fm: unknown option '--threads'"),
        (["bench", "engin"], "fm: unknown command 'engin'; did you mean 'engine'?"),
        (["bench", "engine", "--threads", "0"], "fm: --threads must be in 1...256, got 0"),
        (["generate", "hi"], "fm: missing '--schema <file>'"),
        (["generate", "--schema", "s.json", "--whitespace", "spaces", "hi"],
         "fm: invalid value 'spaces' for '--whitespace <whitespace>': expected one of compact, space, flexible; did you mean 'space'?"),
        (["complete", "--top-p", "2", "hi"], "fm: --top-p must be in (0, 1], got 2.0"),
        (["envelope", "check"], "fm: missing '<file>'"),
        (["envelope", "check", "a.json", "b.json"], "fm: unexpected argument 'b.json'"),
        (["jsonschema", "validate", "--schema", "s.json"], "fm: give either <instance> or --instances <file>"),
        (["schema", "object", "--string", "a"], "fm: missing '--name <name>'"),
        (["schema", "object", "--name", "P", "--strin", "a"], "fm: unknown property flag '--strin'; did you mean '--string'?"),
        (["schema", "object", "--name", "P", "--optional"], "fm: --optional must follow a property declaration"),
        (["schema", "object", "--name", "P", "--object", "a"], "fm: --object 'a' must be followed by --schema <json>"),
        (["language", "--supported", ","], "fm: --supported needs at least one language code"),
        (["bench", "tokenizer", "--print-corpus", "--json"], "fm: --print-corpus takes no other option"),
    ] as [([String], String)])
    func misuseExitsWith64AndNamesTheProblem(arguments: [String], message: String) throws {
        let output = try FMProcess.run(arguments)
        #expect(output.status == 64)
        #expect(output.stdout.isEmpty)
        #expect(output.firstErrorLine == message)
        #expect(output.stderr.contains("\nUSAGE: fm "))
        #expect(output.stderr.hasSuffix("for more information.\n"))
    }

    @Test func aPromptFromATerminalIsNeverWaitedFor() throws {
        // Standard input that is not a terminal but empty: the prompt is missing.
        let output = try FMProcess.run(["respond"])
        #expect(output.status == 64)
        #expect(output.firstErrorLine == "fm: missing '<prompt>': standard input was empty")
    }

    @Test func doubleDashMakesEverythingAfterItText() throws {
        try FMProcess.requireDefaultModel()
        let literal = try FMProcess.run(["tokenize", "--", "--help", "-h"])
        #expect(literal.status == 0)
        let fromInput = try FMProcess.run(["tokenize"], stdin: "--help -h")
        #expect(literal.stdout == fromInput.stdout)
        #expect(literal.stdout.hasPrefix("["))
        // Without '--' the same words ask for help.
        #expect(try FMProcess.run(["tokenize", "--help", "-h"]).stdout.hasPrefix("OVERVIEW: "))
        // A negative number is a word, not an option.
        let negative = try FMProcess.run(["count-tokens", "-q", "-5", "plus", "3"])
        #expect(negative.status == 0)
        #expect(negative.stdout == (try FMProcess.run(["count-tokens", "-q", "--", "-5 plus 3"])).stdout)
    }
}
