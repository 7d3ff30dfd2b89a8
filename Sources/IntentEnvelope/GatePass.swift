/// Proof that `ExecutionGate` admitted an envelope; `EnvelopeIntent.perform` requires one.
/// It cannot be created outside this module.
public struct GatePass: Sendable {
    /// The envelope that was admitted (after any migration).
    public let envelope: Envelope

    init(envelope: Envelope) { self.envelope = envelope }
}
