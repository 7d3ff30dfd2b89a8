import Foundation

/// Where `fm` finds the model file, the same way for every subcommand:
///
/// 1. `--model PATH` when given;
/// 2. else the `FM_MODEL` environment variable;
/// 3. else `$FM_MODELS_DIR/SmolLM2-135M-Instruct.Q4_1.gguf`, with `FM_MODELS_DIR` defaulting
///    to `~/.cache/fm/models`.
///
/// ```swift
/// let url = try ModelLocation.resolve(option: model)
/// ```
enum ModelLocation {
    static let defaultFileName = "SmolLM2-135M-Instruct.Q4_1.gguf"

    /// The directory models are fetched into by `scripts/fetch-models.sh`.
    static func modelsDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let directory = environment["FM_MODELS_DIR"], !directory.isEmpty {
            return URL(fileURLWithPath: (directory as NSString).expandingTildeInPath)
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/fm/models")
    }

    /// - throws: `ModelLocationError` naming the path looked at and how to fix it.
    static func resolve(option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        let url: URL
        let source: ModelLocationError.Source
        if let option, !option.isEmpty {
            url = URL(fileURLWithPath: (option as NSString).expandingTildeInPath)
            source = .option
        } else if let path = environment["FM_MODEL"], !path.isEmpty {
            url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
            source = .environment
        } else {
            url = modelsDirectory(environment: environment).appendingPathComponent(defaultFileName)
            source = .defaultLocation
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw ModelLocationError(url: url, source: source)
        }
        return url
    }
}
