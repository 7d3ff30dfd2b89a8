import ArgumentParsing
import Foundation

/// `--model`, for every command that uses a model.
struct ModelOptions: ParsableArguments {
    @Option(short: "m", help: "A GGUF model file, a catalog name (fm models list), or 'system' for the default model (default: $FM_MODEL, else the default model).",
            valueName: "path|name")
    var model: String?

    /// The model file (checked to exist).
    ///
    /// - throws: `ModelLocationError` naming the path looked at and the fix.
    func url() throws -> URL {
        try ModelLocation.resolve(option: model == "system" ? nil : model)
    }
}
