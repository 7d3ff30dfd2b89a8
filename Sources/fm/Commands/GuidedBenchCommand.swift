import ArgumentParsing
import Foundation
import JSONCore
import LocalInference

/// `fm bench guided`: the speed of guided (schema-constrained) generation, through the same
/// decode function as `fm generate`, greedy, median of several runs.
struct GuidedBenchCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "guided",
            abstract: "Measure guided (schema-constrained) generation: compile, prefill and decode times.",
            discussion: """
                Runs fm generate's decode loop greedily on a schema (default: a recipe card with a
                title, a difficulty from 1 to 5, 1-6 ingredients and 1-4 steps), one warm-up run and
                then R measured runs, and prints the medians: schema compile time, prompt prefill,
                decode, and tokens per second of the whole request (sampled and forced tokens). The
                per-model vocabulary tables are built once and not timed, as the library builds them
                once per model. The side-by-side with llama.cpp's grammar is
                scripts/bench/guided_vs_llama_cpp.py (it runs 'fm generate --json').
                """)
    }

    /// The default schema: the recipe card of scripts/bench/guided_vs_llama_cpp.py.
    static let recipeSchema: JSONValue = [
        "type": "object",
        "properties": [
            "title": ["type": "string"],
            "difficulty": ["type": "integer", "minimum": 1, "maximum": 5],
            "ingredients": ["type": "array", "items": ["type": "string"], "minItems": 1, "maxItems": 6],
            "steps": ["type": "array", "items": ["type": "string"], "minItems": 1, "maxItems": 4],
        ],
        "required": ["title", "difficulty", "ingredients", "steps"],
    ]

    @Option(help: "The JSON Schema to generate (a file, or inline JSON; default: the recipe card).", valueName: "file")
    var schema: String?
    @Option(help: "The prompt.", valueName: "text")
    var prompt = "Write a recipe card for pancakes."
    @Option(help: "Whitespace the grammar allows between JSON tokens.")
    var whitespace: GenerateCommand.Whitespace = .compact
    @Option(help: "Most tokens per run.", valueName: "n")
    var maxTokens = 256
    @Option(help: "Measured runs, after one warm-up.", valueName: "r")
    var runs = 3
    @Flag(help: "Print one JSON object instead of a table.")
    var json = false
    @OptionGroup var model: ModelOptions
    @OptionGroup var threads: ThreadOptions

    func validate() throws {
        guard (1...100).contains(runs) else { throw UsageError("--runs must be in 1...100, got \(runs)") }
        guard maxTokens >= 1 else { throw UsageError("--max-tokens must be at least 1, got \(maxTokens)") }
    }

    func run() async throws {
        let schema = try self.schema.map { try FileInput.jsonOrFile($0).value } ?? Self.recipeSchema
        let url = try model.url()
        let languageModel = try await ModelLoadProgress.load(url) { try LanguageModel(contentsOf: url, threads: threads.threads) }
        var reports: [GenerationReport] = []
        for run in 0...runs {
            let report = try GenerateCommand.generate(schema: schema, prompt: prompt, languageModel: languageModel,
                                                      parameters: SamplingParameters(temperature: 0, seed: nil),
                                                      maxTokens: maxTokens, whitespace: whitespace.grammarWhitespace)
            if run > 0 { reports.append(report) }   // run 0 warms up
        }
        func median(_ value: (GenerationReport) -> Double) -> Double {
            let sorted = reports.map(value).sorted()
            return sorted[sorted.count / 2]
        }
        let last = reports[reports.count - 1]
        let compile = median(\.compileSeconds), prefill = median(\.prefillSeconds), decode = median(\.decodeSeconds)
        let request = median { $0.compileSeconds + $0.promptSeconds + $0.prefillSeconds + $0.decodeSeconds }
        let rate = median { Double($0.tokens) / max($0.compileSeconds + $0.promptSeconds + $0.prefillSeconds + $0.decodeSeconds, 1e-9) }
        if json {
            JSONOutput.write([
                "model": .string(url.lastPathComponent), "threads": JSONOutput.number(languageModel.threadCount),
                "runs": JSONOutput.number(runs), "prompt_tokens": JSONOutput.number(last.promptTokens),
                "tokens": JSONOutput.number(last.tokens), "sampled": JSONOutput.number(last.sampled), "forced": JSONOutput.number(last.forced),
                "complete": .bool(last.complete), "compile_seconds": JSONOutput.number(compile),
                "prefill_seconds": JSONOutput.number(prefill), "decode_seconds": JSONOutput.number(decode),
                "request_seconds": JSONOutput.number(request), "tokens_per_second": JSONOutput.number(rate),
            ])
            return
        }
        Terminal.line("model \(url.lastPathComponent), \(languageModel.threadCount) threads, greedy, median of \(runs) runs")
        Terminal.line("output            \(last.tokens) tokens (\(last.sampled) sampled, \(last.forced) forced), complete: \(last.complete ? "yes" : "no")")
        Terminal.line(String(format: "compile           %8.2f ms", compile * 1000))
        Terminal.line(String(format: "prefill           %8.2f ms (%d prompt tokens)", prefill * 1000, last.promptTokens))
        Terminal.line(String(format: "decode            %8.2f ms", decode * 1000))
        Terminal.line(String(format: "request           %8.2f ms, %.1f tokens/s", request * 1000, rate))
    }
}
