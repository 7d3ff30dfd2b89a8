import ArgumentParsing

/// `fm bench`: every benchmark under one spelling. Numbers and how they compare with the peers
/// are in BENCHMARKS.md.
struct BenchCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "bench",
            abstract: "Benchmarks: engine, concurrent, guided, maskbench, jsonschema, tokenizer; tensors (a dump for comparison with llama.cpp).",
            discussion: "Run them from a release build (swift build -c release --product fm); BENCHMARKS.md has the results.",
            subcommands: [EngineBenchCommand.self, ConcurrentBenchCommand.self, GuidedBenchCommand.self, MaskBenchCommand.self,
                          JSONSchemaBenchCommand.self, TokenizerBenchCommand.self, TensorDumpCommand.self])
    }
}
