import Foundation

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
