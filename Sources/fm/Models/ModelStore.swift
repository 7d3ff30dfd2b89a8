import Foundation
import FoundationModels

/// The directory pulled models live in (`$FM_MODELS_DIR`, default `~/.cache/fm/models`, the
/// same one scripts/fetch-models.sh fills), and what is in it.
///
/// A model is installed only by renaming a complete, verified file into place, so any file
/// with a catalog model's name is whole; downloads in progress live under `.partial/`.
struct ModelStore: Sendable {
    let directory: URL

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        directory = ModelLocation.modelsDirectory(environment: environment)
    }

    /// Where `model` is installed.
    func url(of model: CatalogModel) -> URL { directory.appendingPathComponent(model.fileName) }

    /// Downloads and extractions in progress.
    var partialDirectory: URL { directory.appendingPathComponent(".partial") }

    func isInstalled(_ model: CatalogModel) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url(of: model).path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// Makes the model and partial directories.
    ///
    /// - throws: `CommandError` (73) naming the directory.
    func prepare() throws {
        do {
            try FileManager.default.createDirectory(at: partialDirectory, withIntermediateDirectories: true)
        } catch {
            throw CommandError("cannot create \(partialDirectory.path): \(ErrorReport.describe(error))", status: .cannotCreate)
        }
    }

    /// Removes the installed file and anything partial of `model`; false when there was nothing.
    ///
    /// - throws: `CommandError` (73) when a file cannot be removed.
    @discardableResult
    func remove(_ model: CatalogModel) throws -> Bool {
        var removed = false
        let partials = ((try? FileManager.default.contentsOfDirectory(atPath: partialDirectory.path)) ?? [])
            .filter { $0.hasPrefix(model.fileName + ".") }
            .map { partialDirectory.appendingPathComponent($0) }
        for file in [url(of: model)] + partials where FileManager.default.fileExists(atPath: file.path) {
            do { try FileManager.default.removeItem(at: file) } catch {
                throw CommandError("cannot remove \(file.path): \(ErrorReport.describe(error))", status: .cannotCreate)
            }
            removed = true
        }
        rmdir(partialDirectory.path)   // only when empty
        return removed
    }
}
