import ArgumentParsing
import Foundation

/// `--threads`, for every command that runs the model.
///
/// Commands that load the engine themselves pass ``threads`` to `LanguageModel`; those that
/// answer through a `SystemLanguageModel` (which loads its own engine) call
/// ``exportToEngine()`` first, since the engine reads the default from `FM_THREADS`.
struct ThreadOptions: ParsableArguments {
    @Option(help: "Worker threads for the kernels (default: $FM_THREADS, else all cores).", valueName: "n")
    var threads: Int?

    func validate() throws {
        if let threads, !(1...256).contains(threads) { throw UsageError("--threads must be in 1...256, got \(threads)") }
    }

    /// Sets `FM_THREADS` for the engine this process loads next, when `--threads` was given.
    func exportToEngine() {
        if let threads { setenv("FM_THREADS", String(threads), 1) }
    }
}
