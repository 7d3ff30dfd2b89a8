/// What code that drives an executor itself needs: a channel it can read. A server that passes
/// a model's tool calls to its own client (instead of running them, as the session does) calls
/// the executor directly and reads the events as they come.
///
/// ```swift
/// @_spi(ModelServing) import FoundationModels
/// let channel = LanguageModelExecutorGenerationChannel { event in
///     if case .responseText(let text, _) = event.observed { print(text, terminator: "") }
/// }
/// ```
extension LanguageModelExecutorGenerationChannel {
    /// A channel that hands every event to `observer`, in order, on the executor's thread.
    @_spi(ModelServing)
    public init(observer: @escaping @Sendable (Event) -> Void) {
        self.init(wantsDeltas: true, sink: observer)
    }
}

/// An executor's event, as a reader sees it.
@_spi(ModelServing)
public enum ObservedGenerationEvent: Sendable {
    /// Response text appended, with the tokens it carries.
    case responseText(String, tokenCount: Int)
    /// The response's current text replaced.
    case responseTextReplaced(String, tokenCount: Int)
    /// Reasoning text appended.
    case reasoningText(String, tokenCount: Int)
    /// A piece of a tool call's JSON arguments (the first piece opens the call).
    case toolCallArguments(callID: String, toolName: String, fragment: String, tokenCount: Int)
    /// A tool call the model retracted.
    case toolCallRemoved(callID: String)
    /// The turn's token totals so far (each replaces the last).
    case usage(LanguageModelExecutorGenerationChannel.Usage)
    /// Metadata, attachments and the like.
    case other
}

extension LanguageModelExecutorGenerationChannel.Event {
    /// The event's content.
    @_spi(ModelServing)
    public var observed: ObservedGenerationEvent {
        switch kind {
        case .response(let response):
            switch response.action.kind {
            case .appendText(let fragment): return .responseText(fragment.content, tokenCount: fragment.tokenCount)
            case .replaceText(let replacement): return .responseTextReplaced(replacement.content, tokenCount: replacement.tokenCount)
            case .updateUsage(let usage): return .usage(usage)
            case .addAttachmentSegment, .updateMetadata: return .other
            }
        case .reasoning(let reasoning):
            switch reasoning.action.kind {
            case .appendText(let fragment): return .reasoningText(fragment.content, tokenCount: fragment.tokenCount)
            case .updateUsage(let usage): return .usage(usage)
            case .updateMetadata: return .other
            }
        case .toolCalls(let calls):
            switch calls.action.kind {
            case .toolCall(let call):
                guard case .appendArguments(let fragment) = call.action.kind else { return .other }
                return .toolCallArguments(callID: call.id, toolName: call.name, fragment: fragment.content, tokenCount: fragment.tokenCount)
            case .removeToolCall(let id): return .toolCallRemoved(callID: id)
            case .updateUsage(let usage): return .usage(usage)
            case .updateMetadata: return .other
            }
        }
    }
}
