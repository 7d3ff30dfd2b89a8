/// Where an executor sends what its model produces, as it produces it: response text, reasoning,
/// tool calls with their arguments, usage and metadata.
///
/// The session coalesces the events into transcript entries (consecutive events without an
/// entry id join one entry), builds the stream's snapshots from them, and keeps the latest
/// usage of each entry.
///
/// ```swift
/// await channel.send(.response(action: .updateUsage(
///     input: .init(totalTokenCount: promptTokens, cachedTokenCount: cached),
///     output: .init(totalTokenCount: 0, reasoningTokenCount: 0))))
/// for piece in pieces {
///     await channel.send(.response(action: .appendText(piece.text, tokenCount: piece.tokens)))
/// }
/// ```
public struct LanguageModelExecutorGenerationChannel: Sendable {
    /// Receives every event, in order. Synchronous: the session only records the event and
    /// publishes a snapshot, so an executor never waits on a slow consumer.
    let sink: @Sendable (Event) -> Void
    /// Whether anyone reads the response as it streams; when nobody does, the local engine
    /// sends its text once, at the end, instead of after every token.
    let wantsDeltas: Bool

    init(wantsDeltas: Bool = true, sink: @escaping @Sendable (Event) -> Void) {
        self.wantsDeltas = wantsDeltas
        self.sink = sink
    }

    /// Sends a generation event on the channel.
    ///
    /// - parameter event: The event to send.
    nonisolated(nonsending) public func send(_ event: LanguageModelExecutorGenerationChannel.Event) async {
        sink(event)
    }

    /// ``send(_:)`` for the local engine, whose decode loop is synchronous.
    func sendNow(_ event: Event) { sink(event) }
}
