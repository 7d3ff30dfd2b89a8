import Foundation
import Testing

/// Runs the `fm` binary that SwiftPM built for this test run (the target depends on the
/// executable, so it is built first and never stale), with standard input from a string and
/// standard output and error captured in files (no pipe can fill up and block).
enum FMProcess {
    /// `fm` in the build products directory, beside the test bundle.
    static var binary: URL? {
        let candidates = [
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("fm"),
            Bundle.main.bundleURL.appendingPathComponent("fm"),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("fm"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String

        /// Every line of standard output parsed as one JSON object.
        func jsonLines(sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
            try stdout.split(separator: "\n").map { line in
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
                return try #require(object as? [String: Any], "not a JSON object: \(line)", sourceLocation: sourceLocation)
            }
        }

        /// The only line of standard output, parsed as a JSON object.
        func json(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
            let lines = try jsonLines(sourceLocation: sourceLocation)
            try #require(lines.count == 1, "expected one JSON line, got: \(stdout)", sourceLocation: sourceLocation)
            return lines[0]
        }

        /// The first line of standard error that is fm's error report (`fm: ...`), after any
        /// progress lines.
        var reportLine: String {
            stderr.split(separator: "\n").first { $0.hasPrefix("fm: ") }.map(String.init) ?? ""
        }

        /// The first line of standard error.
        var firstErrorLine: String { stderr.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? "" }
    }

    /// Runs `fm arguments`. Standard input is `stdin` (or empty, never a terminal).
    static func run(_ arguments: [String], stdin: String = "", environment: [String: String] = [:],
                    timeout: Double = 300, sourceLocation: SourceLocation = #_sourceLocation) throws -> Output {
        let binary = try #require(binary, "the fm executable is not in the build directory", sourceLocation: sourceLocation)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("stdin"), output = directory.appendingPathComponent("stdout")
        let errors = directory.appendingPathComponent("stderr")
        try Data(stdin.utf8).write(to: input)
        try Data().write(to: output)
        try Data().write(to: errors)
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                Issue.record("fm \(arguments) ran past \(timeout) s", sourceLocation: sourceLocation)
                break
            }
            usleep(10_000)
        }
        process.waitUntilExit()
        return Output(status: process.terminationStatus,
                      stdout: String(decoding: try Data(contentsOf: output), as: UTF8.self),
                      stderr: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
    }

    /// A fresh directory for one test's files.
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fm-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Writes `text` to a new file and returns its path.
    static func file(_ text: String, name: String = "file.json") throws -> String {
        let url = try temporaryDirectory().appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The default model, which the model tests need (scripts/test.sh fetches it); a missing
    /// file fails the test, it never skips.
    static func requireDefaultModel(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let directory = ProcessInfo.processInfo.environment["FM_MODELS_DIR"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/fm/models")
        let path = directory.appendingPathComponent("SmolLM2-135M-Instruct.Q4_1.gguf").path
        try #require(FileManager.default.fileExists(atPath: path) || ProcessInfo.processInfo.environment["FM_MODEL"] != nil,
                     "model file \(path) is missing: run scripts/fetch-models.sh", sourceLocation: sourceLocation)
    }
}
