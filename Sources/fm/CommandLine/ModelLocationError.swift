import Foundation

/// The model `fm` looked for does not exist: a missing file, a catalog model not pulled yet,
/// or a name that is neither a file nor in the catalog.
struct ModelLocationError: Error, CustomStringConvertible {
    enum Source {
        case option, environment, defaultLocation
        /// A catalog name (from --model or FM_MODEL) whose file is not installed.
        case catalogName(String)
        /// Not a file, and no catalog model has this name; the message says which is nearest.
        case unknownName(String, message: String)
    }
    let url: URL
    let source: Source

    /// How to get the default model.
    static let fetchHint = "Run 'fm models pull \(ModelCatalog.defaultName)' to download the default model, or pass --model PATH."

    var description: String {
        switch source {
        case .option: "model file \(url.path) (from --model) does not exist"
        case .environment: "model file \(url.path) (from FM_MODEL) does not exist"
        case .defaultLocation: "model file \(url.path) does not exist"
        case .catalogName(let name): "model '\(name)' is not installed (no \(url.path))"
        case .unknownName(_, let message): message
        }
    }

    var hint: String {
        switch source {
        case .option: "Check the path, or leave --model out for the default model."
        case .environment: "Check FM_MODEL, or unset it for the default model."
        case .defaultLocation: Self.fetchHint
        case .catalogName(let name): "Run 'fm models pull \(name)'."
        case .unknownName: "Run 'fm models list' for the names, or pass the path of a GGUF file."
        }
    }
}
