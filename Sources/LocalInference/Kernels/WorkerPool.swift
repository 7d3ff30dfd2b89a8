internal import CKernels
import Foundation

/// The persistent kernel threads of one model (`ck_pool`), sized to the cores.
///
/// A forward pass holds the pool for its whole duration (`withPool`), so contexts sharing a
/// model take turns: the pool's threads are the machine's cores, and two passes at once would
/// only fight over them.
final class WorkerPool: Sendable {
    /// A pthread mutex (`NSLock`), not `Synchronization.Mutex`: passes of different threads (the
    /// decode batcher runs each on whichever caller is ready) write the C pool's task fields,
    /// ordered only by this lock, and ThreadSanitizer models pthread locks but not the Mutex's
    /// futex waits, so it reported those writes as races.
    private let lock = NSLock()
    nonisolated(unsafe) private let pool: OpaquePointer
    let threadCount: Int

    init?(threads: Int) {
        guard let pool = ck_pool_create(Int32(max(1, min(threads, 256)))) else { return nil }
        self.pool = pool
        self.threadCount = Int(ck_pool_size(pool))
    }

    deinit { ck_pool_destroy(pool) }

    /// Runs `body` with exclusive use of the pool.
    func withPool<R, E: Error>(_ body: (OpaquePointer) throws(E) -> R) throws(E) -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(pool)
    }

    /// `FM_THREADS` when it is a number in 1...256, else the number of cores this process may
    /// use. The variable lets a program set the threads of models it does not load itself
    /// (`SystemLanguageModel` loads its own; `fm respond --threads` sets it).
    static var defaultThreadCount: Int {
        if let value = ProcessInfo.processInfo.environment["FM_THREADS"], let threads = Int(value), (1...256).contains(threads) {
            return threads
        }
        return max(1, ProcessInfo.processInfo.activeProcessorCount)
    }
}
