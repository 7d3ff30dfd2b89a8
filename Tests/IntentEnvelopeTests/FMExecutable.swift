import Foundation
import Testing

/// Runs the `fm` binary built with the package (tests check its exact output and exit codes).
enum FMExecutable {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `fm` beside the test bundle (the build products directory), else `.build/debug/fm`.
    static var url: URL? {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("fm"),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("fm"),
            packageRoot.appendingPathComponent(".build/debug/fm"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static func run(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Output {
        let url = try #require(url, "the fm executable was not built (swift build --build-tests builds it)", sourceLocation: sourceLocation)
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Writes `text` to a fresh temporary file and returns its path.
    static func temporaryFile(_ text: String, name: String = "input.json") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fm-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }
}
