import ArgumentParsing
import Foundation
import JSONCore
import LocalInference

/// `fm bench tokenizer`: the tokenizer's encoding throughput on a built-in ~1 MB corpus,
/// optionally side by side with llama.cpp's (which must produce the same ids).
struct TokenizerBenchCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "tokenizer",
            abstract: "Measure the tokenizer's MB/s on a built-in mixed corpus (optionally against llama.cpp).",
            discussion: """
                Encodes a built-in ~1 MB corpus (English, Korean, code, emoji) in 4 KiB chunks and prints
                MB/s on one core (thread CPU time, median of 5 runs), with the time to open the GGUF file
                and to build the tokenizer. With --compare, llama.cpp (llama-cpp-python, vocab only)
                encodes the same chunks, and the ids must be identical (exit status 1 if not).
                """)
    }

    @Flag(help: "Also time llama.cpp's tokenizer on the same chunks and compare the ids.")
    var compare = false
    @Flag(help: "Print the benchmark corpus instead (to time other tokenizers on it).")
    var printCorpus = false
    @Flag(help: "Print one JSON object instead of lines.")
    var json = false
    @OptionGroup var model: ModelOptions

    func validate() throws {
        if printCorpus, compare || json { throw UsageError("--print-corpus takes no other option") }
    }

    func run() async throws {
        if printCorpus {
            Terminal.write(TokenizerBenchmark.corpus)
            return
        }
        let url = try model.url()
        let openStart = threadCPUSeconds()
        let file = try GGUFFile(contentsOf: url)
        let opened = threadCPUSeconds()
        let tokenizer = try Tokenizer(gguf: file)
        let built = threadCPUSeconds()
        let megabytesPerSecond = measureTokenizerThroughput(tokenizer: tokenizer)
        var report: JSONObject = [
            "model": .string(url.lastPathComponent), "gguf_open_ms": JSONOutput.number((opened - openStart) * 1000),
            "tokenizer_build_ms": JSONOutput.number((built - opened) * 1000), "vocabulary_size": JSONOutput.number(tokenizer.vocabularySize),
            "mb_per_second": JSONOutput.number(megabytesPerSecond),
        ]
        if !json {
            Terminal.line(String(format: "GGUF open: %.1f ms, tokenizer build: %.1f ms CPU time (%d tokens)",
                                 (opened - openStart) * 1000, (built - opened) * 1000, tokenizer.vocabularySize))
            Terminal.line(String(format: "tokenizer throughput: %.2f MB/s (%@, one core, median of %d runs over %d bytes in %d-byte chunks)",
                                 megabytesPerSecond, url.lastPathComponent, TokenizerBenchmark.runs,
                                 TokenizerBenchmark.corpus.utf8.count, TokenizerBenchmark.chunkSize))
        }
        var same = true
        if compare {
            let peer = try Self.runLlamaCpp(model: url)
            let ours = TokenizerBenchmark.chunks.map { tokenizer.encode($0) }
            same = ours == peer.ids
            let differing = zip(ours, peer.ids).filter { $0 != $1 }.count
            report["llama_cpp_mb_per_second"] = JSONOutput.number(peer.megabytesPerSecond)
            report["llama_cpp_version"] = .string(peer.version)
            report["identical_ids"] = .bool(same)
            if !json {
                Terminal.line(String(format: "llama.cpp throughput: %.2f MB/s (llama-cpp-python %@, same chunks, thread CPU time); fm is %.1fx",
                                     peer.megabytesPerSecond, peer.version, megabytesPerSecond / max(peer.megabytesPerSecond, 1e-9)))
                Terminal.line("token ids: " + (same ? "identical (\(ours.reduce(0) { $0 + $1.count }) tokens)"
                                                    : "DIFFERENT from llama.cpp in \(differing) of \(ours.count) chunks"))
            }
        }
        if json { JSONOutput.write(.object(report)) }
        if !same { throw ExitCode.failure }
    }

    /// Tokenizes the benchmark chunks with llama-cpp-python (vocab only) and returns its
    /// throughput (thread CPU time, median of the same number of runs) and ids.
    private static func runLlamaCpp(model: URL) throws -> (megabytesPerSecond: Double, version: String, ids: [[Int32]]) {
        let chunksFile = FileManager.default.temporaryDirectory.appendingPathComponent("fm-tokenize-\(getpid()).json")
        try Data(JSONOutput.strings(TokenizerBenchmark.chunks).serialized().utf8).write(to: chunksFile)
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
        let what = "the llama.cpp tokenizer benchmark"
        let object = try PeerProcess.runPython(["-c", script, model.path, chunksFile.path, "\(TokenizerBenchmark.runs)"], what: what, quiet: true)
        guard let rate = object["mb_per_second"] as? Double, let ids = object["ids"] as? [[Int]] else {
            throw CommandError("\(what) printed no MB/s or ids", status: .unavailable)
        }
        return (rate, object["version"] as? String ?? "?", ids.map { $0.map { Int32(truncatingIfNeeded: $0) } })
    }
}
