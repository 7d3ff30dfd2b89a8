import ArgumentParsing
import Foundation
import JSONCore
import LocalInference

/// `fm tokenize`: prints the token ids of a text as a JSON array.
struct TokenizeCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "tokenize",
            abstract: "Print the token ids of a text as a JSON array.",
            discussion: """
                Tokenizes <text> (several words are joined with spaces; '-', or no <text> with standard
                input not a terminal, reads standard input, byte for byte) with the model's tokenizer
                and prints the ids, e.g. [19556, 28, 905]. Its speed is 'fm bench tokenizer'.
                """)
    }

    @Flag(help: "Recognise control tokens written in the text, such as <|im_end|>.")
    var special = false
    @Flag(help: "Do not add the BOS/EOS tokens the model's metadata asks for.")
    var noBOS = false
    @Flag(help: "Print {\"tokens\": [...], \"count\": N} instead of the bare array.")
    var json = false
    @OptionGroup var model: ModelOptions
    @Argument(help: "The text to tokenize.", valueName: "text")
    var text: [String] = []

    func run() async throws {
        let input = try InputText.read(text, name: "<text>", trimsTrailingNewlines: false)
        let tokenizer = try Tokenizer(gguf: GGUFFile(contentsOf: model.url()))
        let ids = tokenizer.encode(input, addSpecialTokens: !noBOS, parseSpecial: special)
        if json {
            JSONOutput.write(["tokens": .array(ids.map { JSONOutput.number(Int($0)) }), "count": JSONOutput.number(ids.count)])
        } else {
            Terminal.write("[" + ids.map(String.init).joined(separator: ", ") + "]\n")
        }
    }
}
