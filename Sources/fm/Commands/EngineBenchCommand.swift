import ArgumentParsing
import Foundation
import JSONCore
import LocalInference

/// `fm bench engine`: prefill and decode speed of the engine, optionally side by side with llama.cpp.
struct EngineBenchCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "engine",
            abstract: "Measure prefill and decode tokens/s (optionally against llama.cpp).",
            discussion: """
                Evaluates a P-token prompt (batched prefill) and then decodes G tokens greedily, R times
                after one warm-up run, and prints the median tokens/s of each phase, the peak RSS and the
                tokenizer's MB/s. Run it from a release build (swift build -c release).
                """)
    }

    @Option(help: "Prompt length in tokens.", valueName: "p")
    var promptTokens = 512
    @Option(help: "Tokens to decode.", valueName: "g")
    var genTokens = 128
    @Option(help: "Measured runs.", valueName: "r")
    var runs = 3
    @Flag(help: "Also run llama.cpp (scripts/bench_llama_cpp.py, llama-cpp-python) on the same file, threads and prompt tokens, and print the ratio.")
    var compare = false
    @Flag(help: "Print one JSON object instead of a table.")
    var json = false
    @OptionGroup var model: ModelOptions
    @OptionGroup var threadOptions: ThreadOptions

    var threads: Int { threadOptions.threads ?? ProcessInfo.processInfo.activeProcessorCount }

    func validate() throws {
        guard (1...32768).contains(promptTokens) else { throw UsageError("--prompt-tokens must be in 1...32768, got \(promptTokens)") }
        guard (1...32768).contains(genTokens) else { throw UsageError("--gen-tokens must be in 1...32768, got \(genTokens)") }
        guard (1...100).contains(runs) else { throw UsageError("--runs must be in 1...100, got \(runs)") }
    }

    /// A prompt of exactly `count` tokens: a built-in English passage, repeated.
    static func promptTokens(_ tokenizer: Tokenizer, count: Int) -> [Int32] {
        let passage = """
            The history of computing is a story of abstraction. Early machines were programmed by \
            rewiring panels; later, stored programs let the same hardware run any computation. \
            Assemblers gave names to instructions, compilers turned formulas into code, and \
            operating systems hid the details of devices behind files and processes. Each layer \
            made the next generation of programs possible, and each was once considered too slow \
            to be practical.
            """
        var ids: [Int32] = []
        let chunk = tokenizer.encode(passage, addSpecialTokens: false)
        if let bos = tokenizer.bosTokenID, tokenizer.encode("a").first == bos { ids.append(bos) }
        while ids.count < count && !chunk.isEmpty { ids += chunk }
        return Array(ids.prefix(count))
    }

    func run() async throws {
        let url = try model.url()
        let languageModel = try await ModelLoadProgress.load(url) { try LanguageModel(contentsOf: url, threads: threads) }
        let prompt = Self.promptTokens(languageModel.tokenizer, count: promptTokens)
        let length = min(languageModel.trainedContextLength, prompt.count + genTokens + 1)
        guard prompt.count + genTokens <= languageModel.trainedContextLength else {
            throw UsageError("--prompt-tokens + --gen-tokens exceed the model's context (\(languageModel.trainedContextLength))")
        }
        var prefill: [Double] = [], decode: [Double] = []
        for run in 0...runs {
            let context = try InferenceContext(model: languageModel, contextLength: length)
            var sampler = Sampler(.greedy)
            let start = ContinuousClock.now
            try context.evaluate(prompt)
            var token = sampler.sample(from: context, allowed: nil)
            let prefillTime = ContinuousClock.now - start
            let decodeStart = ContinuousClock.now
            for _ in 0..<genTokens {
                try context.append(token)
                token = sampler.sample(from: context, allowed: nil)
            }
            let decodeTime = ContinuousClock.now - decodeStart
            if run > 0 {  // run 0 warms up
                prefill.append(Double(prompt.count) / prefillTime.seconds)
                decode.append(Double(genTokens) / decodeTime.seconds)
            }
        }
        let peakRSS = Self.peakResidentBytes()
        let tokenizerSpeed = measureTokenizerThroughput(tokenizer: languageModel.tokenizer)
        var peer: (prefill: Double, decode: Double)?
        if compare { peer = try runLlamaCpp(url: url, prompt: prompt) }
        let ours = (prefill: median(prefill), decode: median(decode))
        if json {
            var object: JSONObject = [
                "model": .string(url.lastPathComponent), "threads": JSONOutput.number(threads),
                "prompt_tokens": JSONOutput.number(prompt.count), "gen_tokens": JSONOutput.number(genTokens),
                "prefill_tokens_per_second": JSONOutput.number(ours.prefill), "decode_tokens_per_second": JSONOutput.number(ours.decode),
                "peak_rss_bytes": JSONOutput.number(peakRSS), "tokenizer_mb_per_second": JSONOutput.number(tokenizerSpeed),
            ]
            if let peer {
                object["llama_cpp_prefill_tokens_per_second"] = JSONOutput.number(peer.prefill)
                object["llama_cpp_decode_tokens_per_second"] = JSONOutput.number(peer.decode)
            }
            JSONOutput.write(.object(object))
            return
        }
        Terminal.line("model \(url.lastPathComponent), \(threads) threads, \(prompt.count)-token prompt, \(genTokens) generated, median of \(runs) runs")
        func row(_ name: String, _ a: Double, _ b: Double?) -> String {
            let peerText = b.map { String(format: "%10.1f %8.2fx", $0, a / $0) } ?? ""
            return name.padding(toLength: 18, withPad: " ", startingAt: 0) + String(format: "%10.1f", a) + peerText
        }
        Terminal.line("".padding(toLength: 18, withPad: " ", startingAt: 0) + "      fm" + (peer != nil ? "  llama.cpp    ratio" : ""))
        Terminal.line(row("prefill tok/s", ours.prefill, peer?.prefill))
        Terminal.line(row("decode tok/s", ours.decode, peer?.decode))
        Terminal.line(String(format: "peak RSS          %8.1f MB (model file %.1f MB)", Double(peakRSS) / 1e6,
                     Double((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0) / 1e6))
        Terminal.line(String(format: "tokenizer         %8.2f MB/s", tokenizerSpeed))
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// Runs scripts/bench_llama_cpp.py with the same file, threads and prompt ids.
    private func runLlamaCpp(url: URL, prompt: [Int32]) throws -> (prefill: Double, decode: Double) {
        let script = Self.scriptURL()
        let idsFile = FileManager.default.temporaryDirectory.appendingPathComponent("fm-bench-\(getpid()).json")
        try Data(("[" + prompt.map(String.init).joined(separator: ",") + "]").utf8).write(to: idsFile)
        defer { try? FileManager.default.removeItem(at: idsFile) }
        let what = "the llama.cpp benchmark (\(script.path))"
        let object = try PeerProcess.runPython([script.path, "--model", url.path, "--threads", "\(threads)", "--prompt-ids", idsFile.path,
                                                "--gen-tokens", "\(genTokens)", "--runs", "\(runs)"], what: what)
        guard let prefill = object["prefill_tokens_per_second"] as? Double, let decode = object["decode_tokens_per_second"] as? Double else {
            throw CommandError("\(what) printed no tokens/s", status: .unavailable)
        }
        return (prefill, decode)
    }

    /// scripts/bench_llama_cpp.py, found from the working directory or next to the sources.
    static func scriptURL() -> URL {
        let relative = "scripts/bench_llama_cpp.py"
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(relative)
        if FileManager.default.fileExists(atPath: cwd.path) { return cwd }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(relative)
    }

    /// VmHWM from /proc/self/status (0 where unavailable).
    static func peakResidentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kb = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
            return kb * 1024
        }
        return 0
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
