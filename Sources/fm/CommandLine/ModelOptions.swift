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
