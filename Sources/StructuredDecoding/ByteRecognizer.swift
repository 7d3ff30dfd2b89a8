/// The only thing the token trie needs from a grammar: a deterministic step over bytes.
///
/// States are small integers; `0` is the dead state (no continuation can match). Keeping the
/// seam this narrow lets the trie walk be tested with any recognizer and keeps it free of
/// parser knowledge (llguidance's toktrie has the same boundary).
protocol ByteRecognizer {
    /// The state after `byte` from `state`, or 0 when `byte` cannot follow.
    mutating func step(_ state: Int32, _ byte: UInt8) -> Int32
}
