import Foundation

/// A one-line progress bar on standard error, redrawn in place, shown only when standard error
/// is a terminal (in pipes and logs it writes nothing).
///
/// ```
/// Loading SmolLM2-135M-Instruct.Q4_1.gguf ━━━━━━━━━━━━━━━━╸━━━━━━━━━━━  62%  61.0 / 98.4 MB
/// ```
struct ProgressBar {
    let label: String
    let total: Int
    let isShown: Bool
    private var lastDrawn = -1

    init(label: String, total: Int, isShown: Bool = Terminal.Stream.standardError.isTerminal) {
        self.label = label
        self.total = max(total, 1)
        self.isShown = isShown
    }

    /// Redraws the bar for `done` units (bytes) when the shown percentage changes.
    mutating func update(_ done: Int) {
        guard isShown else { return }
        let percent = min(100, done * 100 / total)
        guard percent != lastDrawn else { return }
        lastDrawn = percent
        Terminal.write("\r\u{1B}[2K" + Self.line(label: label, done: done, total: total), to: .standardError)
    }

    /// Replaces the bar with `status` (say, "preparing the model…"), or clears it when nil.
    func finish(_ status: String? = nil) {
        guard isShown else { return }
        Terminal.write("\r\u{1B}[2K" + (status ?? ""), to: .standardError)
    }

    /// The bar's text for `done` of `total` bytes: 30 cells.
    static func line(label: String, done: Int, total: Int) -> String {
        let fraction = min(1, Double(done) / Double(max(total, 1)))
        let cells = 30
        let filled = Int(fraction * Double(cells))
        let bar = String(repeating: "━", count: filled) + (filled < cells ? "╸" + String(repeating: " ", count: cells - filled - 1) : "")
        return String(format: "%@ %@ %3d%%  %.1f / %.1f MB", label, bar, Int(fraction * 100),
                      Double(done) / 1e6, Double(total) / 1e6)
    }
}
