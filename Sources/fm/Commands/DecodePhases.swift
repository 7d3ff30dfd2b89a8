import Dispatch

/// Seconds spent in each part of a constrained decode loop, so a benchmark can say whether the
/// grammar (masks), the sampler (logits and selection) or the engine (forward passes) dominates.
struct DecodePhases {
    /// Computing the grammar's allowed-token mask.
    var mask = 0.0
    /// Output projection (logits are computed lazily) and masked selection.
    var sample = 0.0
    /// Forward passes: sampled tokens one at a time, forced tokens as batches.
    var forward = 0.0

    mutating func time<Result>(_ phase: WritableKeyPath<DecodePhases, Double>, _ body: () throws -> Result) rethrows -> Result {
        let start = DispatchTime.now().uptimeNanoseconds
        defer { self[keyPath: phase] += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        return try body()
    }
}
