import Foundation
import LocalInference

/// `fm tokenize`: prints the token ids of a text as a JSON array.
struct TokenizeCommand: Command {
    static let name = "tokenize"
    static let abstract = "Print the token ids of a text as a JSON array."
    static let usage = """
        USAGE: fm tokenize [--model PATH] [--special] [--no-bos] TEXT...
               fm tokenize [--model PATH] --benchmark [--compare]
               fm tokenize --print-corpus

        Tokenizes TEXT (several arguments are joined with spaces; '-' reads standard input)
        with the model's tokenizer and prints the ids as a JSON array, e.g. [19556, 28, 905].

        OPTIONS:
          --model PATH   GGUF model file (default: $FM_MODEL, else
                         $FM_MODELS_DIR/SmolLM2-135M-Instruct.Q4_1.gguf, FM_MODELS_DIR
                         defaulting to ~/.cache/fm/models)
          --special      recognise control tokens written in the text, such as <|im_end|>
          --no-bos       do not add the BOS/EOS tokens the model's metadata asks for
          --benchmark    measure encoding throughput on a built-in ~1 MB mixed corpus
                         (English, Korean, code, emoji) and print MB/s, with the
                         time to open the GGUF file and to build the tokenizer
          --compare      with --benchmark, also time llama.cpp (llama-cpp-python, vocab only)
                         on the same chunks, in thread CPU time, and check that both
                         produce the same token ids
          --print-corpus print the benchmark corpus (to time other tokenizers on it)
        """

    let model: String?
    let parseSpecial: Bool
    let addSpecialTokens: Bool
    let benchmark: Bool
    let printCorpus: Bool
    let compare: Bool
    let text: [String]

    init(arguments: inout ArgumentList) throws {
        model = try arguments.option("--model")
        parseSpecial = arguments.flag("--special")
        addSpecialTokens = !arguments.flag("--no-bos")
        benchmark = arguments.flag("--benchmark")
        printCorpus = arguments.flag("--print-corpus")
        compare = arguments.flag("--compare")
        text = try arguments.positionals()
        if benchmark || printCorpus, !text.isEmpty { throw UsageError("--benchmark and --print-corpus take no TEXT") }
        if !benchmark, !printCorpus, text.isEmpty { throw UsageError("missing TEXT to tokenize") }
        if compare, !benchmark { throw UsageError("--compare needs --benchmark") }
    }

    func run() async throws -> Int32 {
        if printCorpus {
            print(TokenizerBenchmark.corpus, terminator: "")
            return 0
        }
        let url = try ModelLocation.resolve(option: model)
        let openStart = threadCPUSeconds()
        let file = try GGUFFile(contentsOf: url)
        let opened = threadCPUSeconds()
        let tokenizer = try Tokenizer(gguf: file)
        let built = threadCPUSeconds()
        if benchmark {
            let megabytesPerSecond = measureTokenizerThroughput(tokenizer: tokenizer)
            print(String(format: "GGUF open: %.1f ms, tokenizer build: %.1f ms CPU time (%d tokens)",
                         (opened - openStart) * 1000, (built - opened) * 1000, tokenizer.vocabularySize))
            print(String(format: "tokenizer throughput: %.2f MB/s (%@, one core, median of %d runs over %d bytes in %d-byte chunks)",
                         megabytesPerSecond, url.lastPathComponent, TokenizerBenchmark.runs,
                         TokenizerBenchmark.corpus.utf8.count, TokenizerBenchmark.chunkSize))
            if compare {
                let peer = try Self.runLlamaCpp(model: url)
                let ours = TokenizerBenchmark.chunks.map { tokenizer.encode($0) }
                let same = ours == peer.ids
                print(String(format: "llama.cpp throughput: %.2f MB/s (llama-cpp-python %@, same chunks, thread CPU time); fm is %.1fx",
                             peer.megabytesPerSecond, peer.version, megabytesPerSecond / max(peer.megabytesPerSecond, 1e-9)))
                print("token ids: " + (same ? "identical (\(ours.reduce(0) { $0 + $1.count }) tokens)"
                                               : "DIFFERENT from llama.cpp in \(zip(ours, peer.ids).filter { $0 != $1 }.count) of \(ours.count) chunks"))
                return same ? 0 : 1
            }
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

    /// Tokenizes the benchmark chunks with llama-cpp-python (vocab only) and returns its
    /// throughput (thread CPU time, median of the same number of runs) and ids.
    private static func runLlamaCpp(model: URL) throws -> (megabytesPerSecond: Double, version: String, ids: [[Int32]]) {
        let chunksFile = FileManager.default.temporaryDirectory.appendingPathComponent("fm-tokenize-\(getpid()).json")
        try JSONSerialization.data(withJSONObject: TokenizerBenchmark.chunks).write(to: chunksFile)
        defer { try? FileManager.default.removeItem(at: chunksFile) }
        let script = """
            import json, sys, time, statistics, llama_cpp
            chunks = [c.encode("utf-8") for c in json.load(open(sys.argv[2], encoding="utf-8"))]
            llm = llama_cpp.Llama(model_path=sys.argv[1], vocab_only=True, verbose=False)
            total = sum(len(c) for c in chunks)
            ids, rates = None, []
            for _ in range(int(sys.argv[3])):
                start = time.thread_time()
                ids = [llm.tokenize(c) for c in chunks]
                rates.append(total / 1e6 / max(time.thread_time() - start, 1e-9))
            print(json.dumps({"mb_per_second": statistics.median(rates), "version": llama_cpp.__version__, "ids": ids}))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, model.path, chunksFile.path, "\(TokenizerBenchmark.runs)"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let rate = object["mb_per_second"] as? Double,
              let ids = object["ids"] as? [[Int]]
        else {
            throw TokenizeCompareError(status: process.terminationStatus)
        }
        return (rate, object["version"] as? String ?? "?", ids.map { $0.map { Int32(truncatingIfNeeded: $0) } })
    }
}

/// `--compare` could not run llama.cpp.
struct TokenizeCompareError: Error, CustomStringConvertible {
    let status: Int32
    var description: String {
        "llama.cpp tokenizer benchmark failed (python3 exit \(status)); install it with `pip install llama-cpp-python`"
    }
}
