import Foundation
import Testing

/// Every subcommand's help: `--help`, `-h` and `fm help CMD` print the same text to standard
/// output with status 0.
@Suite("fm help") struct HelpTests {
    static let commands: [[String]] = [
        [], ["available"], ["respond"], ["chat"], ["count-tokens"], ["schema"], ["schema", "object"], ["schema", "show"],
        ["license"], ["generate"], ["complete"], ["tokenize"], ["language"], ["guardrail"], ["jsonschema"],
        ["jsonschema", "validate"], ["envelope"], ["envelope", "check"], ["envelope", "diff"], ["envelope", "replay"],
        ["envelope", "journal-append"], ["bench"], ["bench", "engine"], ["bench", "concurrent"], ["bench", "guided"], ["bench", "maskbench"],
        ["bench", "jsonschema"], ["bench", "tokenizer"], ["bench", "tensors"], ["models"], ["models", "list"], ["models", "pull"], ["models", "rm"],
        ["models", "verify"], ["eval"], ["serve"],
    ]

    @Test(arguments: commands)
    func everySpellingOfHelpPrintsTheSameTextWithStatus0(command: [String]) throws {
        let long = try FMProcess.run(command + ["--help"])
        #expect(long.status == 0)
        #expect(long.stderr.isEmpty)
        #expect(long.stdout.hasPrefix("OVERVIEW: "))
        #expect(long.stdout.contains("\nUSAGE: " + (["fm"] + command).joined(separator: " ")))
        #expect(long.stdout.contains("  -h, --help              Show help information.\n"))
        #expect(try FMProcess.run(command + ["-h"]).stdout == long.stdout)
        #expect(try FMProcess.run(["help"] + command).stdout == long.stdout)
        // Help wins over anything else before '--', even a mistake.
        let mixed = try FMProcess.run(command + ["--no-such-option", "-h"])
        #expect(mixed.status == 0)
        #expect(mixed.stdout == long.stdout)
    }

    @Test func bareFMPrintsTheHelpWithStatus0AsApplesDoes() throws {
        let bare = try FMProcess.run([])
        #expect(bare.status == 0)
        #expect(bare.stdout == (try FMProcess.run(["--help"])).stdout)
        for name in ["available", "respond", "chat", "count-tokens", "schema", "license", "serve", "generate", "complete", "tokenize",
                     "language", "guardrail", "jsonschema", "envelope", "bench", "models", "eval"] {
            #expect(bare.stdout.contains("\n  \(name) "), "\(name) is not listed")
        }
        #expect(bare.stdout.contains("EXIT STATUS:"))
    }

    @Test func aGroupAlonePrintsItsHelp() throws {
        let bench = try FMProcess.run(["bench"])
        #expect(bench.status == 0)
        #expect(bench.stdout == (try FMProcess.run(["bench", "--help"])).stdout)
        for name in ["engine", "concurrent", "guided", "maskbench", "jsonschema", "tokenizer", "tensors"] { #expect(bench.stdout.contains("\n  \(name) ")) }
    }

    @Test func tokenizeHelpVerbatim() throws {
        #expect(try FMProcess.run(["tokenize", "--help"]).stdout == """
            OVERVIEW: Print the token ids of a text as a JSON array.

            Tokenizes <text> (several words are joined with spaces; '-', or no <text> with standard
            input not a terminal, reads standard input, byte for byte) with the model's tokenizer
            and prints the ids, e.g. [19556, 28, 905]. Its speed is 'fm bench tokenizer'.

            USAGE: fm tokenize [--special] [--no-bos] [--json] [--model <model>]
                               [<text> ...]

            ARGUMENTS:
              <text> ...              The text to tokenize.

            OPTIONS:
              --special               Recognise control tokens written in the text, such as
                                      <|im_end|>.
              --no-bos                Do not add the BOS/EOS tokens the model's metadata
                                      asks for.
              --json                  Print {"tokens": [...], "count": N} instead of the
                                      bare array.
              -m, --model <model>     A GGUF file or a model name (fm models list); 'system'
                                      is the default model (default: $FM_MODEL, else
                                      smollm2).
              -h, --help              Show help information.

            """)
    }
}
