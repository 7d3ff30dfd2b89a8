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

    /// The model file; when it is the default model, not pulled yet, and standard error is a
    /// terminal (someone is watching the progress bar), pulls it first, as `fm models pull`
    /// would. In a pipe it never downloads: a script gets status 69 and the hint instead of an
    /// unannounced 100 MB transfer.
    ///
    /// - throws: `ModelLocationError`, or what `fm models pull` throws.
    func urlFetchingDefault() async throws -> URL {
        do {
            return try url()
        } catch let error as ModelLocationError {
            guard case .defaultLocation = error.source, Terminal.Stream.standardError.isTerminal else { throw error }
            let catalog = try ModelCatalog.current()
            let model = try catalog.require(ModelCatalog.defaultName)
            Terminal.log("The default model (\(model.name)) is not installed; pulling it.")
            try await ModelInstaller(store: ModelStore(), index: PythonPackageIndex()).pull(model)
            return try url()
        }
    }
}
