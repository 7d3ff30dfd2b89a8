import Foundation
import FoundationModels

/// Streams a session's text response, handing each new piece to `onText` as it is generated
/// (the session's snapshots are cumulative; only what was added since the last one is passed
/// on), and measures the time to the first snapshot for `--timing`.
struct ResponseStreaming {
    /// Time to the first snapshot, and the number of snapshots.
    struct Timing {
        var firstSnapshot: Duration?
        var total: Duration = .zero
        var snapshots = 0
    }

    private(set) var timing = Timing()

    /// - returns: the whole response text.
    mutating func stream(_ session: LanguageModelSession, prompt: String, options: GenerationOptions,
                         onText: (String) -> Void) async throws -> String {
        let clock = ContinuousClock()
        let start = clock.now
        var printed = ""
        for try await snapshot in session.streamResponse(to: prompt, options: options) {
            if timing.firstSnapshot == nil { timing.firstSnapshot = clock.now - start }
            timing.snapshots += 1
            let text = snapshot.content
            if text.hasPrefix(printed) {
                let piece = String(text.dropFirst(printed.count))
                if !piece.isEmpty { onText(piece) }
            }
            printed = text
        }
        timing.total = clock.now - start
        return printed
    }
}
