import JSONCore

/// What the gate decided for one journal record on replay.
public struct ReplayDecision: Sendable {
    public let record: JournalRecord
    /// The envelope that would be performed, or the rule that stops it.
    public let outcome: Result<Envelope, GateRefusal>
}
