import Foundation
import FoundationModels

/// Where `fm` finds the model file, the same way for every subcommand:
///
/// 1. `--model PATH|NAME` when given;
/// 2. else the `FM_MODEL` environment variable (a path or a name);
/// 3. else `$FM_MODELS_DIR/SmolLM2-135M-Instruct.Q4_1.gguf`, with `FM_MODELS_DIR` defaulting
///    to `~/.cache/fm/models`.
///
/// A name is a model of ``ModelCatalog`` (`fm models list`), found in the models directory.
///
/// ```swift
/// let url = try ModelLocation.resolve(option: model)
/// ```
enum ModelLocation {
    static let defaultFileName = "SmolLM2-135M-Instruct.Q4_1.gguf"

    /// The directory models are fetched into by `scripts/fetch-models.sh`.
    static func modelsDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        BuiltInModels.directory(environment: environment)
    }

    /// - throws: `ModelLocationError` naming the path looked at and how to fix it.
    static func resolve(option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        let url: URL
        let source: ModelLocationError.Source
        if let option, !option.isEmpty {
            (url, source) = try locate(option, from: .option, environment: environment)
        } else if let value = environment["FM_MODEL"], !value.isEmpty {
            (url, source) = try locate(value, from: .environment, environment: environment)
        } else {
            let fileName = (try? ModelCatalog.current(environment: environment))?.model(named: ModelCatalog.defaultName)?.fileName
            url = modelsDirectory(environment: environment).appendingPathComponent(fileName ?? defaultFileName)
            source = .defaultLocation
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw ModelLocationError(url: url, source: source)
        }
        return url
    }

    /// A `--model` / `FM_MODEL` value: a catalog name (`qwen2.5-coder-0.5b`) means its file in
    /// the models directory; anything else is a path. An existing file wins over a name, and a
    /// word that is neither (no `/`, no `.gguf`, no such file) is reported with the nearest name.
    private static func locate(_ value: String, from source: ModelLocationError.Source,
                               environment: [String: String]) throws -> (URL, ModelLocationError.Source) {
        let path = URL(fileURLWithPath: (value as NSString).expandingTildeInPath)
        if FileManager.default.fileExists(atPath: path.path) || value.contains("/") || value.hasSuffix(".gguf") {
            return (path, source)
        }
        let catalog = try ModelCatalog.current(environment: environment)
        if let model = catalog.model(named: value) {
            return (modelsDirectory(environment: environment).appendingPathComponent(model.fileName), .catalogName(value))
        }
        let origin = if case .environment = source { "FM_MODEL" } else { "--model" }
        throw ModelLocationError(url: path, source: .unknownName(value, message:
            "'\(value)' (from \(origin)) is neither a model file nor a catalog name: \(catalog.unknownNameMessage(value))"))
    }
}
