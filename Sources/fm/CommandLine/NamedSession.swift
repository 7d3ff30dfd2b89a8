import ArgumentParsing
import Foundation
import FoundationModels

/// A conversation kept under a name, as Apple's `fm chat` keeps sessions in `~/.fm/sessions`:
/// `fm chat --session work` continues `work` if it exists and saves it after every turn;
/// `fm respond --session work` adds one turn to it. The file is a ``TranscriptFile``, so
/// `--resume`, `/load` and `fm count-tokens --transcript` read it too.
///
/// The directory is `$FM_SESSIONS_DIR` when set, else `~/.fm/sessions`.
struct NamedSession {
    let name: String
    let url: URL

    /// - throws: `UsageError` for a name that is not a plain file name.
    init(name: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_."))
        guard !name.isEmpty, !name.hasPrefix("."), name.count <= 200, name.unicodeScalars.allSatisfy(allowed.contains) else {
            throw UsageError("--session '\(name)': a session name uses letters, digits, '-', '_' and '.', and does not start with '.'")
        }
        self.name = name
        url = Self.directory(environment: environment).appendingPathComponent(name + ".json")
    }

    static func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let directory = environment["FM_SESSIONS_DIR"], !directory.isEmpty {
            return URL(fileURLWithPath: (directory as NSString).expandingTildeInPath)
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".fm/sessions")
    }

    /// The saved conversation, or nil for a new session.
    ///
    /// - throws: `CommandError` (65) when the file is not a transcript.
    func transcript() throws -> Transcript? {
        FileManager.default.fileExists(atPath: url.path) ? try TranscriptFile.read(url.path) : nil
    }

    /// Saves the conversation (atomically), creating the directory.
    ///
    /// - throws: `CommandError` (73).
    func save(_ transcript: Transcript, modelName: String) throws {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw CommandError("cannot create \(url.deletingLastPathComponent().path): \(ErrorReport.describe(error))", status: .cannotCreate)
        }
        try TranscriptFile.write(transcript, modelName: modelName, to: url.path)
    }
}
