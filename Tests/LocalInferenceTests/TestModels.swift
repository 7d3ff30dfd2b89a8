import Foundation
import Synchronization
import Testing
@testable import LocalInference

/// Finds the real model files the way `fm` does: `$FM_MODELS_DIR`, default `~/.cache/fm/models`.
/// A missing file fails the test (CI fetches the models first); it never skips.
enum TestModels {
    static let smolLM2 = "SmolLM2-135M-Instruct.Q4_1.gguf"
    static let gemma3 = "gemma-3-270m-q4_k_m.gguf"
    /// Optional: `fm models pull qwen2.5-coder-0.5b` (scripts/test.sh pulls it); its tests are
    /// skipped, saying so, when it is missing.
    static let qwen25Coder = "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf"
    static var hasQwen25Coder: Bool { FileManager.default.fileExists(atPath: directory.appendingPathComponent(qwen25Coder).path) }
    static let qwenSkipReason: Comment = "needs the Qwen2.5-Coder-0.5B model: run 'fm models pull qwen2.5-coder-0.5b'"

    static var directory: URL {
        if let dir = ProcessInfo.processInfo.environment["FM_MODELS_DIR"], !dir.isEmpty {
            return URL(fileURLWithPath: dir)
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/fm/models")
    }

    static func url(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try #require(FileManager.default.fileExists(atPath: url.path),
                     "model file \(url.path) is missing: run scripts/fetch-models.sh",
                     sourceLocation: sourceLocation)
        return url
    }

    /// Each model file is opened once per test process and shared.
    static func file(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> GGUFFile {
        let url = try url(name, sourceLocation: sourceLocation)
        return try cache.withLock { files in
            if let file = files[name] { return file }
            let file = try GGUFFile(contentsOf: url)
            files[name] = file
            return file
        }
    }

    private static let cache = Mutex<[String: GGUFFile]>([:])
}
