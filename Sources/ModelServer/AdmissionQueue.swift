import Synchronization

/// Lets at most `parallel` requests generate at once, holds up to `capacity` more in arrival
/// order, and turns away the rest (the server answers them 429).
final class AdmissionQueue: Sendable {
    /// The queue is full.
    struct Full: Error {}

    private struct State {
        var active = 0
        var waiting: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
        var nextID: UInt64 = 0
    }

    let parallel: Int
    let capacity: Int
    private let state = Mutex(State())

    init(parallel: Int, capacity: Int) {
        self.parallel = max(1, parallel)
        self.capacity = max(0, capacity)
    }

    /// Requests waiting for a turn.
    var depth: Int { state.withLock(\.waiting.count) }
    /// Requests generating.
    var active: Int { state.withLock(\.active) }

    /// Waits for a turn; the lease gives it back when released.
    ///
    /// - throws: ``Full`` at once when the queue holds `capacity` requests; `CancellationError`
    ///   when the task is cancelled while waiting.
    func enter() async throws -> Lease {
        enum Admission { case now, full, wait(UInt64) }
        let admission = state.withLock { state -> Admission in
            if state.active < parallel, state.waiting.isEmpty {
                state.active += 1
                return .now
            }
            guard state.waiting.count < capacity else { return .full }
            state.nextID += 1
            return .wait(state.nextID)
        }
        switch admission {
        case .now: return Lease(queue: self)
        case .full: throw Full()
        case .wait(let id):
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    let cancelled = state.withLock { state -> Bool in
                        if Task.isCancelled { return true }
                        state.waiting.append((id, continuation))
                        return false
                    }
                    if cancelled { continuation.resume(throwing: CancellationError()) }
                }
            } onCancel: {
                let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                    guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
                    return state.waiting.remove(at: index).continuation
                }
                waiter?.resume(throwing: CancellationError())
            }
            return Lease(queue: self)
        }
    }

    /// Hands the turn to the next waiter, or frees it.
    fileprivate func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            if state.waiting.isEmpty {
                state.active -= 1
                return nil
            }
            return state.waiting.removeFirst().continuation   // the turn passes on; `active` stays
        }
        next?.resume()
    }

    /// A turn to generate; released when the lease is (so a stream that never starts cannot keep it).
    final class Lease: Sendable {
        private let queue: AdmissionQueue
        fileprivate init(queue: AdmissionQueue) { self.queue = queue }
        deinit { queue.leave() }
    }
}
