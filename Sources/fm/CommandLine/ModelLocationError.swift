import Foundation

/// The model file `fm` looked for does not exist.
struct ModelLocationError: Error, CustomStringConvertible {
    enum Source { case option, environment, defaultLocation }
    let url: URL
    let source: Source

    /// How to get the default model (`fm models pull` replaces the script once it exists).
    static let fetchHint = "Run scripts/fetch-models.sh to download the default models, or pass --model PATH."

    var description: String {
        switch source {
        case .option: "model file \(url.path) (from --model) does not exist"
        case .environment: "model file \(url.path) (from FM_MODEL) does not exist"
        case .defaultLocation: "model file \(url.path) does not exist"
        }
    }

    var hint: String {
        switch source {
        case .option: "Check the path, or leave --model out for the default model."
        case .environment: "Check FM_MODEL, or unset it for the default model."
        case .defaultLocation: Self.fetchHint
        }
    }
}
