import Dispatch

/// Runs a session's engine work (model loading, prompt evaluation, sampling) on a thread of its
/// own instead of the Swift concurrency pool.
///
/// Inference is long synchronous compute: a decode holds its thread for seconds. The cooperative
/// pool has one thread per core, so a decode running there starves every other task of the app,
/// including the one consuming the response stream (Apple's framework decodes out of process and
/// never has this problem). As a task executor preference, work stays inside its task, so
/// `Task.isCancelled` and cancellation within one token keep working.
final class EngineExecutor: TaskExecutor, @unchecked Sendable {
    // @unchecked Sendable: the only stored property is a DispatchQueue, which is thread-safe.
    private let queue: DispatchQueue

    init(label: String = "FoundationModels.engine") {
        // A serial queue targets an overcommitting root queue: it gets a thread even when
        // every core is busy, unlike the cooperative pool.
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
}
