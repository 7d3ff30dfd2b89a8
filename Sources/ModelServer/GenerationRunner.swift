import Foundation
@_spi(ModelServing) import FoundationModels
import OpenAIWire
import Synchronization

/// Runs executor turns for the server: one loaded model, one executor (so one pool of KV
/// caches, shared by every request), called directly so that the model's tool calls go back
/// to the client instead of being run here.
struct GenerationRunner<Model: LanguageModel>: Sendable {
    let model: Model
    let executor: Model.Executor
    let metrics: ServerMetrics

    /// What a finished turn produced.
    struct Outcome: Sendable {
        var text: String
        var calls: [TurnCollector.Call]
        var finishReason: FinishReason
        var usage: OpenAIWire.Usage
    }

    /// Runs one turn, handing each piece to `onPiece` as it is released.
    ///
    /// A stop sequence ends the turn early (the executor is cancelled; what it generated up to
    /// then is counted). A guided value cut off by `maximumTokens` is returned as it stands,
    /// with finish reason `length`, as OpenAI does.
    ///
    /// - throws: `WireError`: 400 for a prompt past the context or a schema the grammar
    ///   refuses, 503 when the model cannot load, 500 for other failures;
    ///   `CancellationError` when the caller's task is cancelled (its client left).
    func run(_ mapping: ExecutorRequestMapping, stop: [String], maximumTokens: Int?,
             onPiece: @escaping @Sendable (TurnCollector.Piece) -> Void) async throws -> Outcome {
        try checkCapabilities(mapping)
        let collector = TurnCollector(stop: stop, metrics: metrics, startedAt: .now)
        let request = LanguageModelExecutorGenerationRequest(
            id: UUID(), transcript: mapping.transcript, enabledTools: mapping.tools, schema: mapping.schema,
            generationOptions: mapping.options, contextOptions: ContextOptions(), metadata: [:])
        let work = Mutex<Task<Void, any Error>?>(nil)
        let channel = LanguageModelExecutorGenerationChannel { event in
            let (pieces, stopNow) = collector.apply(event.observed)
            for piece in pieces { onPiece(piece) }
            if stopNow { work.withLock { $0 }?.cancel() }
        }
        let model = model, executor = executor
        let task = Task { try await executor.respond(to: request, model: model, streamingInto: channel) }
        work.withLock { $0 = task }
        var failure: (any Error)?
        do {
            try await withTaskCancellationHandler { try await task.value } onCancel: { task.cancel() }
        } catch {
            failure = error
        }
        if collector.stopped {
            return outcome(collector, finish: .stop)
        }
        try Task.checkCancellation()
        let usage = collector.usage
        let outOfBudget = maximumTokens.map { usage.completionTokens >= $0 } ?? false
        if let failure {
            // A structured value cut off by max_tokens: OpenAI's answer is the partial text with
            // finish_reason "length", and so is ours.
            if outOfBudget, case LanguageModelSession.GenerationError.decodingFailure? = failure as? LanguageModelSession.GenerationError {
                let rest = collector.flush()
                if !rest.isEmpty { onPiece(.text(rest)) }
                return outcome(collector, finish: .length)
            }
            throw Self.wireError(for: failure, mapping: mapping)
        }
        let rest = collector.flush()
        if !rest.isEmpty { onPiece(.text(rest)) }
        return outcome(collector, finish: collector.calls.isEmpty ? (outOfBudget ? .length : .stop) : .toolCalls)
    }

    private func outcome(_ collector: TurnCollector, finish: FinishReason) -> Outcome {
        Outcome(text: collector.text, calls: collector.calls, finishReason: finish, usage: collector.usage)
    }

    /// Apple's capability rule, as the session applies it, in OpenAI's words.
    private func checkCapabilities(_ mapping: ExecutorRequestMapping) throws(WireError) {
        if mapping.schema != nil, !model.capabilities.contains(.guidedGeneration) {
            throw .invalidRequest("The model cannot follow a response_format schema.", param: "response_format", code: "unsupported_value")
        }
        if !mapping.tools.isEmpty, !model.capabilities.contains(.toolCalling) {
            throw .invalidRequest("The model cannot call tools.", param: "tools", code: "unsupported_value")
        }
    }

    /// An executor's error as the client should see it.
    static func wireError(for error: any Error, mapping: ExecutorRequestMapping) -> WireError {
        if let error = error as? WireError { return error }
        if let error = error as? LanguageModelSession.GenerationError {
            switch error {
            case .exceededContextWindowSize(let context):
                return .invalidRequest(context.debugDescription, param: "messages", code: "context_length_exceeded")
            case .unsupportedGuide(let context):
                let param = mapping.schema != nil ? "response_format" : "tools"
                return .invalidRequest("The schema cannot be enforced: \(context.debugDescription)", param: param, code: "unsupported_schema")
            case .assetsUnavailable(let context):
                return WireError(status: 503, message: "The model is unavailable: \(context.debugDescription)", type: "server_error", code: "model_unavailable")
            case .decodingFailure(let context):
                return WireError(status: 500, message: "The model's output could not be decoded: \(context.debugDescription)", type: "server_error", code: "decoding_failure")
            default:
                return WireError(status: 500, message: "\(error)", type: "server_error")
            }
        }
        if let error = error as? LanguageModelError {
            return .invalidRequest("\(error)", code: "unsupported_value")
        }
        return WireError(status: 500, message: "Generation failed: \(error)", type: "server_error")
    }
}
