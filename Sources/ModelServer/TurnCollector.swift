@_spi(ModelServing) import FoundationModels
import OpenAIWire
import Synchronization

/// What one executor turn has produced so far, read from its events: the answer text (held
/// back where it could be the start of a stop sequence), the tool calls, and the usage.
final class TurnCollector: Sendable {
    /// A piece ready for the client.
    enum Piece: Sendable {
        case text(String)
        /// A call's arguments, the first piece with its id and name.
        case toolCall(index: Int, id: String?, name: String?, arguments: String)
    }

    struct Call: Sendable {
        var id: String
        var name: String
        var arguments: String
    }

    private struct State {
        var text = ""
        /// How much of `text` the client has been given.
        var sentCount = 0
        var calls: [Call] = []
        var usage: LanguageModelExecutorGenerationChannel.Usage?
        var deltaTokens = 0
        var stopped = false
        var firstPieceAt: ContinuousClock.Instant?
        var lastPieceAt: ContinuousClock.Instant?
    }

    private let stops: [String]
    private let state = Mutex(State())
    private let metrics: ServerMetrics
    private let startedAt: ContinuousClock.Instant

    init(stop: [String], metrics: ServerMetrics, startedAt: ContinuousClock.Instant) {
        stops = stop
        self.metrics = metrics
        self.startedAt = startedAt
    }

    /// Records an event; returns the pieces it releases and whether a stop sequence ended the answer.
    func apply(_ event: ObservedGenerationEvent) -> (pieces: [Piece], stop: Bool) {
        let now = ContinuousClock.now
        return state.withLock { state in
            guard !state.stopped else { return ([], false) }
            var pieces: [Piece] = []
            var tokens = 0
            switch event {
            case .responseText(let text, let count):
                state.text += text
                tokens = count
            case .responseTextReplaced(let text, let count):
                // The client has what it was sent; a revision past that point is all it can get.
                state.text = text
                state.sentCount = min(state.sentCount, text.count)
                tokens = count
            case .toolCallArguments(let id, let name, let fragment, let count):
                tokens = count
                if let index = state.calls.firstIndex(where: { $0.id == id }) {
                    state.calls[index].arguments += fragment
                    pieces.append(.toolCall(index: index, id: nil, name: nil, arguments: fragment))
                } else {
                    state.calls.append(Call(id: id, name: name, arguments: fragment))
                    pieces.append(.toolCall(index: state.calls.count - 1, id: id, name: name, arguments: fragment))
                }
            case .toolCallRemoved(let id):
                state.calls.removeAll { $0.id == id }
            case .usage(let usage):
                state.usage = usage
            case .reasoningText, .other:
                break
            }
            state.deltaTokens += max(0, tokens)
            var stop = false
            if case .responseText = event {
                let (release, hit) = release(&state)
                if !release.isEmpty { pieces.insert(.text(release), at: 0) }
                stop = hit
            }
            if !pieces.isEmpty || tokens > 0 { observeTiming(&state, now: now, tokens: tokens) }
            return (pieces, stop)
        }
    }

    /// The text the client may have now: up to a stop sequence (which ends the answer), else
    /// all but a tail that could still grow into one.
    private func release(_ state: inout State) -> (String, Bool) {
        let text = state.text
        for stop in stops {
            if let range = text.range(of: stop) {
                let kept = String(text[..<range.lowerBound])
                state.text = kept
                state.stopped = true
                let fresh = String(kept.dropFirst(state.sentCount))
                state.sentCount = kept.count
                return (fresh, true)
            }
        }
        var held = 0
        for stop in stops {
            for length in stride(from: min(stop.count - 1, text.count), to: 0, by: -1) where text.hasSuffix(stop.prefix(length)) {
                held = max(held, length)
                break
            }
        }
        let releasable = text.count - held
        guard releasable > state.sentCount else { return ("", false) }
        let fresh = String(text.dropFirst(state.sentCount).prefix(releasable - state.sentCount))
        state.sentCount = releasable
        return (fresh, false)
    }

    private func observeTiming(_ state: inout State, now: ContinuousClock.Instant, tokens: Int) {
        if state.firstPieceAt == nil {
            state.firstPieceAt = now
            metrics.observeTimeToFirstToken(now - startedAt)
        } else if let last = state.lastPieceAt, tokens > 0 {
            metrics.observeTokenLatency((now - last) / tokens, count: tokens)
        }
        state.lastPieceAt = now
    }

    /// Whatever text is still held back (the turn ended without a stop sequence).
    func flush() -> String {
        state.withLock { state in
            guard !state.stopped, state.text.count > state.sentCount else { return "" }
            defer { state.sentCount = state.text.count }
            return String(state.text.dropFirst(state.sentCount))
        }
    }

    var stopped: Bool { state.withLock(\.stopped) }
    var text: String { state.withLock(\.text) }
    var calls: [Call] { state.withLock(\.calls) }

    /// Exact usage: the executor's last report, and at least the tokens its deltas carried
    /// (a turn cut short by a stop sequence reports nothing at its end).
    var usage: OpenAIWire.Usage {
        state.withLock { state in
            OpenAIWire.Usage(promptTokens: state.usage?.input.totalTokenCount ?? 0,
                             completionTokens: max(state.usage?.output.totalTokenCount ?? 0, state.deltaTokens),
                             cachedTokens: state.usage?.input.cachedTokenCount ?? 0)
        }
    }
}
