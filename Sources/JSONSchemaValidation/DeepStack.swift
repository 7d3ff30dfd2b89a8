import JSONCore
import Foundation

/// Runs deeply recursive work (schema evaluation, regex backtracking) on a thread with a large
/// stack. Callers first try on their own thread with small depth limits (cheap, no thread) and
/// come here only when those limits were hit; Swift concurrency's threads have small stacks.
enum DeepStack {
    /// Stack reserved for the worker thread (virtual memory; only touched pages are committed).
    static let stackSize = 1 << 30

    /// Runs `body` on a fresh thread with a `stackSize` stack and waits for it.
    static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
        // The semaphore orders the worker's write before this read.
        guard let value = box.value else { return body() }
        return value
    }
}

/// Carries a result from the worker thread; written once before `signal`, read after `wait`.
private final class ResultBox<T: Sendable>: @unchecked Sendable {
    var value: T?
}
