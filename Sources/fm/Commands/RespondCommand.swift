import Foundation
import FoundationModels

/// `fm respond`: answers a prompt through the Apple-compatible API (session, chat template,
/// streaming), and with `--timing` reports the time to the first token with and without a
/// prewarmed cache.
struct RespondCommand: Command {
    static let name = "respond"
    static let abstract = "Answer a prompt through the FoundationModels API (streamed)."
    static let usage = """
        USAGE: fm respond [--model PATH] [--instructions TEXT] [--greedy] [--seed S]
                          [--temperature T] [--max-tokens N] [--context N] [--prewarm] [--timing] PROMPT...

        Starts a LanguageModelSession (with the instructions, if given), streams the response
        to PROMPT and prints it as it is generated.

        OPTIONS:
          --model PATH         GGUF model file (default: $FM_MODEL, else the default model)
          --instructions TEXT  the session's instructions
          --greedy             always pick the most likely token
          --seed S             random seed, for reproducible sampling
          --temperature T      sampling temperature (default: the model's)
          --max-tokens N       most tokens in the response (default 256)
          --context N          context size in tokens (default 4096)
          --prewarm            evaluate the instructions into the cache before the prompt
          --timing             print time to first token and decode speed to standard error
        """

    let model: String?
    let instructions: String?
    let options: GenerationOptions
    let contextSize: Int
    let prewarm: Bool
    let timing: Bool
    let prompt: String

    init(arguments: inout ArgumentList) throws {
        model = try arguments.option("--model")
        instructions = try arguments.option("--instructions")
        let greedy = arguments.flag("--greedy")
        let seed = try arguments.option("--seed", as: UInt64.self)
        let temperature = try arguments.option("--temperature", as: Double.self)
        let maxTokens = try arguments.option("--max-tokens", as: Int.self) ?? 256
        contextSize = try arguments.option("--context", as: Int.self) ?? SystemLanguageModel.defaultContextSize
        prewarm = arguments.flag("--prewarm")
        timing = arguments.flag("--timing")
        prompt = try arguments.positionals().joined(separator: " ")
        guard !prompt.isEmpty else { throw UsageError("missing PROMPT") }
        guard maxTokens >= 1 else { throw UsageError("--max-tokens must be >= 1, got \(maxTokens)") }
        guard contextSize >= 16 else { throw UsageError("--context must be >= 16, got \(contextSize)") }
        if let temperature, !(temperature >= 0 && temperature.isFinite) {
            throw UsageError("--temperature must be a finite value >= 0, got \(temperature)")
        }
        let sampling: GenerationOptions.SamplingMode? = greedy ? .greedy : seed.map { .random(probabilityThreshold: 0.9, seed: $0) }
        options = GenerationOptions(sampling: sampling, temperature: temperature, maximumResponseTokens: maxTokens)
    }

    func run() async throws -> Int32 {
        let url = try ModelLocation.resolve(option: model)
        let systemModel = SystemLanguageModel(contentsOf: url, contextSize: contextSize)
        guard systemModel.isAvailable else {
            FileHandle.standardError.write(Data("fm respond: the model at \(url.path) is unavailable (\(systemModel.availability))\n".utf8))
            return 1
        }
        let session = instructions.map { LanguageModelSession(model: systemModel, instructions: $0) }
            ?? LanguageModelSession(model: systemModel)
        let clock = ContinuousClock()
        if prewarm {
            let start = clock.now
            try await session.prewarmAndWait()
            if timing { report("prewarm (load + instructions): \(milliseconds(clock.now - start)) ms") }
        }
        let start = clock.now
        var firstToken: ContinuousClock.Duration?
        var printed = ""
        var snapshots = 0
        for try await snapshot in session.streamResponse(to: prompt, options: options) {
            if firstToken == nil { firstToken = clock.now - start }
            snapshots += 1
            let text = snapshot.content
            if text.hasPrefix(printed) {
                FileHandle.standardOutput.write(Data(text.dropFirst(printed.count).utf8))
            }
            printed = text
        }
        FileHandle.standardOutput.write(Data("\n".utf8))
        if timing, let firstToken {
            let total = clock.now - start
            let decode = total - firstToken
            let rate = snapshots > 1 ? Double(snapshots - 1) / max(seconds(decode), 1e-9) : 0
            report("time to first token: \(milliseconds(firstToken)) ms; \(snapshots) snapshots in \(milliseconds(total)) ms (\(String(format: "%.1f", rate)) snapshots/s after the first)")
        }
        return 0
    }

    private func report(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
    private func seconds(_ duration: ContinuousClock.Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
    private func milliseconds(_ duration: ContinuousClock.Duration) -> Int { Int(seconds(duration) * 1000) }
}
