import Foundation
import FoundationModels

/// A conversation saved as JSON (`fm respond --save-transcript`, `fm chat`'s `/save`) and read
/// back (`--resume`, `/load`, `fm count-tokens --transcript`).
///
/// The file is shaped like Apple's `fm` transcripts at the top, `{"modelName": ..., "transcript":
/// ...}`, with our `Transcript`'s `Codable` form inside; a bare encoded `Transcript` reads too.
enum TranscriptFile {
    private struct Wrapper: Codable {
        var modelName: String?
        var transcript: Transcript
    }

    /// - throws: `CommandError`: 66 when the file cannot be read, 65 when it is not a transcript
    ///   (with the decoder's reason).
    static func read(_ path: String) throws -> Transcript {
        let data = try FileInput.data(path)
        let decoder = JSONDecoder()
        if let wrapped = try? decoder.decode(Wrapper.self, from: data) { return wrapped.transcript }
        do {
            return try decoder.decode(Transcript.self, from: data)
        } catch {
            throw CommandError("\(path) is not a transcript: \(ErrorReport.describe(error))", status: .dataError)
        }
    }

    /// Writes the transcript atomically (a crash never leaves half a file) and returns the
    /// absolute path written.
    ///
    /// - throws: `CommandError` (73) naming the path and the reason.
    @discardableResult
    static func write(_ transcript: Transcript, modelName: String, to path: String) throws -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(Wrapper(modelName: modelName, transcript: transcript))
            try data.write(to: url, options: .atomic)
        } catch {
            throw CommandError("cannot save the transcript to \(url.path): \(ErrorReport.describe(error))", status: .cannotCreate)
        }
        return url.path
    }
}
