import FoundationModels
import OpenAIWire

/// Assembles a server's answer (stream chunks, or one whole completion) into the channel's
/// events: text and reasoning deltas as they come, each tool call's argument pieces under
/// one id, and at the end the server's usage.
///
/// A call's first piece may come before its name (some servers split them); its pieces are
/// held until the name arrives, so every event names the call's tool.
///
/// ```swift
/// var turn = StreamedTurn()
/// for event in try turn.apply(chunk) { await channel.send(event) }
/// for event in try turn.finish(usageBefore: nil) { await channel.send(event) }
/// ```
struct StreamedTurn {
    typealias Event = LanguageModelExecutorGenerationChannel.Event

    private struct Call {
        var id: String
        var name: String?
        /// Argument text received before the name.
        var pending = ""
    }

    /// The answer's text so far.
    private(set) var text = ""
    private var calls: [Int: Call] = [:]
    private var callOrder: [Int] = []
    /// The server's last reported usage.
    private(set) var usage: OpenAIWire.Usage?
    /// The choice's `finish_reason`, once sent.
    private(set) var finishReason: String?
    /// Deltas received (a token each, when the server reports no usage).
    private(set) var deltaCount = 0

    var hasCalls: Bool { !callOrder.isEmpty }

    /// The events one chunk makes.
    ///
    /// - throws: ``RemoteLanguageModelError/malformedResponse(_:)`` for a call piece with a
    ///   different name than the call's first.
    mutating func apply(_ chunk: ReceivedChatCompletionChunk) throws(RemoteLanguageModelError) -> [Event] {
        var events: [Event] = []
        if let reasoning = chunk.reasoning, !reasoning.isEmpty {
            deltaCount += 1
            events.append(.reasoning(action: .appendText(reasoning, tokenCount: 1)))
        }
        if let content = chunk.content, !content.isEmpty {
            deltaCount += 1
            text += content
            events.append(.response(action: .appendText(content, tokenCount: 1)))
        }
        for delta in chunk.toolCalls {
            deltaCount += 1
            var call = calls[delta.index] ?? {
                callOrder.append(delta.index)
                return Call(id: delta.id ?? "call_\(delta.index)")
            }()
            if let name = delta.name, !name.isEmpty {
                if let known = call.name, known != name {
                    throw .malformedResponse("Tool call \(delta.index) is named '\(known)' and then '\(name)'.")
                }
                call.name = name
            }
            if let name = call.name {
                let arguments = call.pending + delta.arguments
                call.pending = ""
                events.append(.toolCalls(action: .toolCall(id: call.id, name: name, action: .appendArguments(arguments, tokenCount: 1))))
            } else {
                call.pending += delta.arguments
            }
            calls[delta.index] = call
        }
        if let reason = chunk.finishReason { finishReason = reason }
        if let usage = chunk.usage { self.usage = usage }
        return events
    }

    /// The events a whole (not streamed) completion makes.
    mutating func apply(_ completion: ReceivedChatCompletion) throws(RemoteLanguageModelError) -> [Event] {
        try apply(ReceivedChatCompletionChunk(
            content: completion.content, reasoning: completion.reasoning,
            toolCalls: completion.toolCalls.enumerated().map { index, call in
                .init(index: index, id: call.id, name: call.name, arguments: call.arguments)
            },
            finishReason: completion.finishReason ?? "stop", usage: completion.usage))
    }

    /// The closing events: the usage, added to `usageBefore` (the earlier attempts of the
    /// same request), on the entry the turn built.
    ///
    /// - throws: ``RemoteLanguageModelError/malformedResponse(_:)`` for a call that never got a name.
    func finish(usageBefore: LanguageModelExecutorGenerationChannel.Usage?) throws(RemoteLanguageModelError) -> [Event] {
        if let unnamed = callOrder.first(where: { calls[$0]?.name == nil }) {
            throw .malformedResponse("Tool call \(unnamed) never named its function.")
        }
        let usage = totalUsage(adding: usageBefore)
        let action = (input: usage.input, output: usage.output)
        if hasCalls {
            return [.toolCalls(action: .updateUsage(input: action.input, output: action.output))]
        }
        return [.response(action: .updateUsage(input: action.input, output: action.output))]
    }

    /// The server's usage (else the delta count as output), plus `before`.
    func totalUsage(adding before: LanguageModelExecutorGenerationChannel.Usage?) -> LanguageModelExecutorGenerationChannel.Usage {
        let prompt = usage?.promptTokens ?? 0
        let cached = usage?.cachedTokens ?? 0
        let completion = usage?.completionTokens ?? deltaCount
        let reasoning = usage?.reasoningTokens ?? 0
        return .init(
            input: .init(totalTokenCount: prompt + (before?.input.totalTokenCount ?? 0),
                         cachedTokenCount: cached + (before?.input.cachedTokenCount ?? 0)),
            output: .init(totalTokenCount: completion + (before?.output.totalTokenCount ?? 0),
                          reasoningTokenCount: reasoning + (before?.output.reasoningTokenCount ?? 0)))
    }
}
