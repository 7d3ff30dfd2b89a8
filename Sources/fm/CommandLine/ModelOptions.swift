import ArgumentParsing
import Foundation

/// `--model`, for every command that uses a model: a path, or a name from `fm models list`.
struct ModelOptions: ParsableArguments {
    @Option(short: "m", help: "A GGUF file or a model name (fm models list); 'system' is the default model (default: $FM_MODEL, else smollm2).",
            valueName: "model")
    var model: String?

    /// The model file (checked to exist).
    ///
    /// - throws: `ModelLocationError` naming the path looked at and the fix.
    func url() throws -> URL {
        try ModelLocation.resolve(option: model == "system" ? nil : model)
    }
}
