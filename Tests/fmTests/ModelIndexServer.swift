import Foundation
import Testing

/// ModelIndexServer.py on 127.0.0.1, started for one test: a fake PyPI index and file server
/// with a synthetic model, and the environment that points `fm models` at it (its own models
/// directory, its catalog, its index).
final class ModelIndexServer {
    let root: URL
    let port: Int
    private let process: Process

    /// - parameter serving: more files to serve as `/files/<name>`, by name.
    init(serving extra: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation) throws {
        root = try FMProcess.temporaryDirectory()
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ModelIndexServer.py")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--root", root.path] + extra.sorted { $0.key < $1.key }.flatMap { ["--serve", "\($0.key)=\($0.value)"] }
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let portFile = root.appendingPathComponent("port")
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: portFile.path), process.isRunning, Date() < deadline { usleep(20_000) }
        let text = try String(contentsOf: portFile, encoding: .utf8)
        port = try #require(Int(text), "the server wrote no port", sourceLocation: sourceLocation)
    }

    deinit {
        // SIGKILL: the test runner's threads block SIGTERM, and a child inherits that mask.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: root)
    }

    var base: String { "http://127.0.0.1:\(port)" }
    var modelsDirectory: URL { root.appendingPathComponent("models") }

    /// What fm runs with: models in `root/models`, the fake catalog and index.
    var environment: [String: String] {
        ["FM_MODELS_DIR": modelsDirectory.path, "FM_MODELS_CATALOG": root.appendingPathComponent("catalog.json").path,
         "FM_PYPI_INDEX": base]
    }

    /// The synthetic model's bytes, as every fake entry installs them.
    var payload: Data { get throws { try Data(contentsOf: root.appendingPathComponent("files/plain.gguf")) } }

    /// The requests served so far: (path, Range header).
    func requests() throws -> [(path: String, range: String?)] {
        let text = (try? String(contentsOf: root.appendingPathComponent("requests.log"), encoding: .utf8)) ?? ""
        return try text.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return (object["path"] as? String ?? "", object["range"] as? String)
        }
    }

    /// Files left in the models directory's `.partial/`.
    func partialFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: modelsDirectory.appendingPathComponent(".partial").path)) ?? []).sorted()
    }

    func installed(_ file: String) -> Data? { try? Data(contentsOf: modelsDirectory.appendingPathComponent(file)) }
}
