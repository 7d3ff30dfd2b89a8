/// A seeded pseudo-random generator (SplitMix64) for tests: small, fast, and the same sequence
/// on every platform for a given seed, so a failing property or fuzz test reproduces.
///
/// ```swift
/// var random = SeededRandom(seed: 42)
/// let count = Int.random(in: 1...10, using: &random)
/// ```
///
/// The one copy the test targets share (each used to carry its own).
public struct SeededRandom: RandomNumberGenerator, Sendable, Hashable {
    /// The generator's whole state; advancing it by the golden-ratio increment gives the next value.
    public var state: UInt64

    /// A generator whose sequence is determined by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
