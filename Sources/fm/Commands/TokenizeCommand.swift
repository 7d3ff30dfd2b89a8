import Foundation
import LocalInference

/// `fm tokenize`: prints the token ids of a text as a JSON array.
struct TokenizeCommand: Command {
    static let name = "tokenize"
    static let abstract = "Print the token ids of a text as a JSON array."
    static let usage = """
        USAGE: fm tokenize [--model PATH] [--special] [--no-bos] TEXT...
               fm tokenize [--model PATH] --benchmark

        Tokenizes TEXT (several arguments are joined with spaces; '-' reads standard input)
        with the model's tokenizer and prints the ids as a JSON array, e.g. [19556, 28, 905].

        OPTIONS:
          --model PATH   GGUF model file (default: $FM_MODEL, else
                         $FM_MODELS_DIR/SmolLM2-135M-Instruct.Q4_1.gguf, FM_MODELS_DIR
                         defaulting to ~/.cache/fm/models)
          --special      recognise control tokens written in the text, such as <|im_end|>
          --no-bos       do not add the BOS/EOS tokens the model's metadata asks for
          --benchmark    measure encoding throughput on a built-in ~1 MB mixed corpus
                         (English, Korean, code, emoji) and print MB/s
        """

    let model: String?
    let parseSpecial: Bool
    let addSpecialTokens: Bool
    let benchmark: Bool
    let text: [String]

    init(arguments: inout ArgumentList) throws {
        model = try arguments.option("--model")
        parseSpecial = arguments.flag("--special")
        addSpecialTokens = !arguments.flag("--no-bos")
        benchmark = arguments.flag("--benchmark")
        text = try arguments.positionals()
        if benchmark, !text.isEmpty { throw UsageError("--benchmark takes no TEXT") }
        if !benchmark, text.isEmpty { throw UsageError("missing TEXT to tokenize") }
    }

    func run() async throws -> Int32 {
        let url = try ModelLocation.resolve(option: model)
        let tokenizer = try Tokenizer(gguf: GGUFFile(contentsOf: url))
        if benchmark {
            let megabytesPerSecond = measureTokenizerThroughput(tokenizer: tokenizer)
            print(String(format: "tokenizer throughput: %.2f MB/s (%@, median of %d runs over %d bytes)",
                         megabytesPerSecond, url.lastPathComponent, TokenizerBenchmark.runs, TokenizerBenchmark.corpus.utf8.count))
            return 0
        }
        var input = text.joined(separator: " ")
        if text == ["-"] {
            input = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        }
        let ids = tokenizer.encode(input, addSpecialTokens: addSpecialTokens, parseSpecial: parseSpecial)
        print("[" + ids.map(String.init).joined(separator: ", ") + "]")
        return 0
    }
}
