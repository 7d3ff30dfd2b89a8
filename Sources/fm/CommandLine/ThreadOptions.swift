import ArgumentParsing

/// `--threads`, for the commands that drive the engine directly.
struct ThreadOptions: ParsableArguments {
    @Option(help: "Worker threads for the kernels (default: all cores).", valueName: "n")
    var threads: Int?

    func validate() throws {
        if let threads, !(1...256).contains(threads) { throw UsageError("--threads must be in 1...256, got \(threads)") }
    }
}
