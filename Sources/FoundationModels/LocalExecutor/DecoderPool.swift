import Synchronization

/// The idle KV caches of one model, lent to one request at a time.
///
/// A request takes the cache that already holds the longest prefix of its prompt, so a
/// session's next turn finds its own previous turn (and sessions that share instructions
/// share their evaluation); with no useful cache idle, a new one is made. At most
/// ``maximumIdle`` caches stay idle; the least recently used goes first.
final class DecoderPool: Sendable {
    /// Idle caches kept: a few conversations at once, a few MB each for a small model.
    static let maximumIdle = 8

    /// One cache and the thread its engine work runs on.
    final class Slot: @unchecked Sendable {
        // @unchecked Sendable: a slot is used by the one request that checked it out
        // (`checkOut` removes it from the pool until `checkIn`), never by two at once.
        let decoder: any BackendDecoder
        let executor = EngineExecutor()

        init(decoder: any BackendDecoder) { self.decoder = decoder }

        /// Runs `body` on the slot's engine thread (see ``EngineExecutor``).
        func run<T>(_ body: () throws -> T) async throws -> T {
            try await withTaskExecutorPreference(executor) {
                try Task.checkCancellation()
                return try body()
            }
        }
    }

    private let idle = Mutex<[Slot]>([])

    /// The idle cache sharing the longest prefix with `tokens`, or a new one.
    ///
    /// - throws: What the backend throws making a cache.
    func checkOut(for tokens: [Int32], backend: any LanguageModelBackend) throws -> Slot {
        let reused = idle.withLock { idle -> Slot? in
            guard let best = idle.indices.max(by: {
                idle[$0].decoder.reusablePrefixLength(of: tokens) < idle[$1].decoder.reusablePrefixLength(of: tokens)
            }) else { return nil }
            return idle.remove(at: best)
        }
        if let reused { return reused }
        return Slot(decoder: try backend.makeDecoder())
    }

    /// Returns a cache to the pool, dropping the least recently used beyond the bound. The
    /// request that used it has ended, so the model's batched decode stops waiting for it.
    func checkIn(_ slot: Slot) {
        slot.decoder.endGeneration()
        idle.withLock { idle in
            idle.append(slot)
            if idle.count > Self.maximumIdle { idle.removeFirst(idle.count - Self.maximumIdle) }
        }
    }
}
