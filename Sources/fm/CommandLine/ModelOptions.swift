import ArgumentParsing
import Foundation

/// `--model`, for every command that uses a model.
struct ModelOptions: ParsableArguments {
    @Option(short: "m", help: "The GGUF model file, or 'system' for the default model (default: $FM_MODEL, else the default model).",
            valueName: "path")
    var model: String?

    /// The model file (checked to exist).
    ///
    /// - throws: `ModelLocationError` naming the path looked at and the fix.
    func url() throws -> URL {
        try ModelLocation.resolve(option: model == "system" ? nil : model)
    }
}

/// `--threads`, for the commands that drive the engine directly.
struct ThreadOptions: ParsableArguments {
    @Option(help: "Worker threads for the kernels (default: all cores).", valueName: "n")
    var threads: Int?

    func validate() throws {
        if let threads, !(1...256).contains(threads) { throw UsageError("--threads must be in 1...256, got \(threads)") }
    }
}
