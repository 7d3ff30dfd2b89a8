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

/// Loading a model with a progress bar on a terminal: the file is read once through the page
/// cache with the bar showing bytes (the engine maps the file, so these pages are then already
/// in memory), then the load itself runs under a "preparing" line. Without a terminal it only
/// loads.
enum ModelLoadProgress {
    static func load<Result>(_ url: URL, _ body: () async throws -> Result) async throws -> Result {
        guard Terminal.Stream.standardError.isTerminal else { return try await body() }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        var bar = ProgressBar(label: "Loading \(url.lastPathComponent)", total: size)
        if let handle = try? FileHandle(forReadingFrom: url) {
            var done = 0
            while let chunk = try? handle.read(upToCount: 8 << 20), !chunk.isEmpty {
                done += chunk.count
                bar.update(done)
            }
            try? handle.close()
        }
        bar.finish("Preparing \(url.lastPathComponent)…")
        defer { bar.finish() }
        return try await body()
    }
}
