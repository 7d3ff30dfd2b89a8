import Foundation
import LocalInference

/// `fm complete`: continues raw text (no chat template) and streams only the continuation.
struct CompleteCommand: Command {
    static let name = "complete"
    static let abstract = "Continue a text with the model (raw completion, streamed)."
    static let usage = """
        USAGE: fm complete [--model PATH] [--greedy] [--max-tokens N] [--seed S]
                           [--temperature T] [--top-k K] [--top-p P] [--threads N] TEXT...

        Tokenizes TEXT as is (no chat template; several arguments are joined with spaces,
        '-' reads standard input), generates a continuation and prints only the continuation,
        as it is produced. Stops at the model's end-of-generation tokens.

        OPTIONS:
          --model PATH       GGUF model file (default: $FM_MODEL, else
                             $FM_MODELS_DIR/SmolLM2-135M-Instruct.Q4_1.gguf)
          --greedy           always pick the most likely token (same as --temperature 0)
          --max-tokens N     tokens to generate (default 128)
          --temperature T    sampling temperature (default 0.8)
          --top-k K          sample among the K most likely tokens (default 40)
          --top-p P          nucleus sampling threshold (default 0.95)
          --seed S           random seed, for reproducible sampling
          --threads N        worker threads (default: all cores)
        """

    let model: String?
    let parameters: SamplingParameters
    let maxTokens: Int
    let threads: Int?
    let text: [String]

    init(arguments: inout ArgumentList) throws {
        model = try arguments.option("--model")
        let greedy = arguments.flag("--greedy")
        maxTokens = try arguments.option("--max-tokens", as: Int.self) ?? 128
        let temperature = try arguments.option("--temperature", as: Float.self) ?? 0.8
        let topK = try arguments.option("--top-k", as: Int.self) ?? 40
        let topP = try arguments.option("--top-p", as: Float.self) ?? 0.95
        let seed = try arguments.option("--seed", as: UInt64.self)
        threads = try arguments.option("--threads", as: Int.self)
        text = try arguments.positionals()
        guard !text.isEmpty else { throw UsageError("missing TEXT to complete") }
        guard maxTokens >= 0 else { throw UsageError("--max-tokens must be >= 0, got \(maxTokens)") }
        guard temperature >= 0, temperature.isFinite else { throw UsageError("--temperature must be >= 0, got \(temperature)") }
        guard topP > 0, topP <= 1 else { throw UsageError("--top-p must be in (0, 1], got \(topP)") }
        if let threads, !(1...256).contains(threads) { throw UsageError("--threads must be in 1...256, got \(threads)") }
        parameters = greedy || temperature == 0
            ? SamplingParameters(temperature: 0, seed: seed)
            : SamplingParameters(temperature: temperature, topK: topK, topP: topP, seed: seed)
    }

    func run() async throws -> Int32 {
        let url = try ModelLocation.resolve(option: model)
        let languageModel = try LanguageModel(contentsOf: url, threads: threads)
        var input = text.joined(separator: " ")
        if text == ["-"] { input = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self) }
        let prompt = languageModel.tokenizer.encode(input)
        guard !prompt.isEmpty else { throw UsageError("TEXT produced no tokens") }
        let length = min(languageModel.trainedContextLength, prompt.count + maxTokens + 1)
        let context = try InferenceContext(model: languageModel, contextLength: length)
        var sampler = Sampler(parameters)
        var detokenizer = StreamingDetokenizer(tokenizer: languageModel.tokenizer)
        let output = FileHandle.standardOutput
        if maxTokens > 0 {
            try context.generate(prompt: prompt, maxTokens: maxTokens, sampler: &sampler,
                                 stopTokens: languageModel.tokenizer.endOfGenerationTokenIDs) { token in
                let piece = detokenizer.append(token)
                if !piece.isEmpty { output.write(Data(piece.utf8)) }
                return true
            }
        }
        output.write(Data((detokenizer.finish() + "\n").utf8))
        return 0
    }
}
