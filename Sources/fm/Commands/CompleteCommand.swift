import ArgumentParsing
import Foundation
import JSONCore
import LocalInference

/// `fm complete`: continues raw text (no chat template) and streams only the continuation.
struct CompleteCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "complete",
            abstract: "Continue a text with the model (raw completion, no chat template, streamed).",
            discussion: """
                Tokenizes TEXT as it is (several words are joined with spaces; '-' or no TEXT with standard
                input not a terminal reads standard input), generates a continuation and prints only the
                continuation, as it is produced. Stops at the model's end-of-generation tokens.
                """)
    }

    @Option(help: "Sample among the K most likely tokens.", valueName: "k")
    var topK = 40
    @Option(help: "Nucleus sampling threshold, in (0, 1].", valueName: "p")
    var topP: Float = 0.95
    @Flag(help: "Print one JSON object at the end instead of streaming text: {\"text\": ..., \"tokens\": N}.")
    var json = false
    @OptionGroup var model: ModelOptions
    @OptionGroup var threads: ThreadOptions
    @OptionGroup var sampling: SamplingOptions
    @Argument(help: "The text to continue.", valueName: "text")
    var text: [String] = []

    func validate() throws {
        guard topP > 0, topP <= 1 else { throw UsageError("--top-p must be in (0, 1], got \(topP)") }
        guard topK >= 1 else { throw UsageError("--top-k must be at least 1, got \(topK)") }
    }

    /// Temperature 0.8 unless `--temperature` or `--greedy` says otherwise.
    var parameters: SamplingParameters { sampling.samplingParameters(temperature: 0.8, topK: topK, topP: topP) }

    func run() async throws {
        let input = try InputText.read(text, name: "<text>", trimsTrailingNewlines: false)
        let url = try model.url()
        let languageModel = try await ModelLoadProgress.load(url) { try LanguageModel(contentsOf: url, threads: threads.threads) }
        var collected = ""
        let count = try complete(input, with: languageModel, maxTokens: sampling.maxTokens) { piece in
            if json { collected += piece } else { Terminal.write(piece) }
        }
        if json {
            JSONOutput.write(["text": .string(collected), "tokens": JSONOutput.number(count)])
        } else {
            Terminal.write("\n")
        }
    }

    /// The decode: prompt tokens as they are, sampled continuation until an end token or the
    /// budget; `emit` gets each printable piece. Returns the number of tokens generated.
    func complete(_ input: String, with languageModel: LanguageModel, maxTokens: Int, emit: (String) -> Void) throws -> Int {
        let prompt = languageModel.tokenizer.encode(input)
        guard !prompt.isEmpty else { throw CommandError("the text produced no tokens", status: .dataError) }
        let length = min(languageModel.trainedContextLength, prompt.count + maxTokens + 1)
        let context = try InferenceContext(model: languageModel, contextLength: length)
        var sampler = Sampler(parameters)
        var detokenizer = StreamingDetokenizer(tokenizer: languageModel.tokenizer)
        var generated = 0
        try context.generate(prompt: prompt, maxTokens: maxTokens, sampler: &sampler,
                             stopTokens: languageModel.tokenizer.endOfGenerationTokenIDs) { token in
            generated += 1
            let piece = detokenizer.append(token)
            if !piece.isEmpty { emit(piece) }
            return true
        }
        emit(detokenizer.finish())
        return generated
    }
}
