import Foundation
import Synchronization

/// A conversation with the model: it keeps the transcript, so each response sees the turns
/// before it, and keeps the model's KV cache, so each turn evaluates only what is new.
///
/// ```swift
/// let session = LanguageModelSession(instructions: "Answer in one sentence.")
/// let answer = try await session.respond(to: "Why is the sky blue?").content
/// ```
///
/// A session answers one request at a time (a second one throws
/// ``GenerationError/concurrentRequests(_:)``); many sessions may respond at once on one model.
public final class LanguageModelSession: Sendable {
    /// The model the session talks to: the local engine's ``SystemLanguageModel``, or any
    /// other ``LanguageModel`` (whose requests go through its executor).
    let languageModel: any LanguageModel
    let tools: [any Tool]
    let state: Mutex<State>

    struct State {
        var transcript: Transcript
        var isResponding = false
        /// A prewarm is evaluating into the cache; requests wait for it rather than fail.
        var isPrewarming = false
        var prewarmWaiters: [CheckedContinuation<Void, Never>] = []
        /// See `maximumToolCallRounds` (LanguageModelSession+ToolCalling.swift).
        var maximumToolCallRounds = LanguageModelSession.defaultMaximumToolCallRounds
        /// Every successful response's usage, added up.
        var usage = LanguageModelSession.Usage.zero
    }

    /// The session's model as the local engine's type, for what only it has (its engine,
    /// guardrails, languages, context budget); `.default` for a session on another model,
    /// whose requests never reach the code that reads it.
    var model: SystemLanguageModel { languageModel as? SystemLanguageModel ?? .default }

    /// Creates a session with instructions.
    public convenience init(model: SystemLanguageModel = .default, tools: [any Tool] = [], instructions: Instructions? = nil) {
        self.init(model: model, tools: tools, transcript: Self.transcript(instructions: instructions, tools: tools))
    }

    /// Creates a session with instructions given as text.
    public convenience init(model: SystemLanguageModel = .default, tools: [any Tool] = [], instructions: String) {
        self.init(model: model, tools: tools, instructions: Instructions(instructions))
    }

    /// Creates a session with instructions written with a builder.
    public convenience init(
        model: SystemLanguageModel = .default, tools: [any Tool] = [],
        @InstructionsBuilder instructions: () throws -> Instructions
    ) rethrows {
        self.init(model: model, tools: tools, instructions: try instructions())
    }

    /// Creates a session that continues a transcript.
    public convenience init(model: SystemLanguageModel = .default, tools: [any Tool] = [], transcript: Transcript) {
        self.init(languageModel: model, tools: tools, transcript: transcript)
    }

    /// Creates a session on any model, with instructions.
    ///
    /// ```swift
    /// let session = LanguageModelSession(model: EchoModel(), instructions: "Repeat after me.")
    /// ```
    public convenience init(model: some LanguageModel, tools: [any Tool] = [], instructions: Instructions? = nil) {
        self.init(languageModel: model, tools: tools, transcript: Self.transcript(instructions: instructions, tools: tools))
    }

    /// Creates a session on any model, with instructions given as text.
    public convenience init(model: some LanguageModel, tools: [any Tool] = [], instructions: String) {
        self.init(model: model, tools: tools, instructions: Instructions(instructions))
    }

    /// Creates a session on any model, with instructions written with a builder.
    public convenience init(
        model: some LanguageModel, tools: [any Tool] = [],
        @InstructionsBuilder instructions: () throws -> Instructions
    ) rethrows {
        self.init(model: model, tools: tools, instructions: try instructions())
    }

    /// Creates a session on any model that continues a transcript.
    public convenience init(model: some LanguageModel, tools: [any Tool] = [], transcript: Transcript) {
        self.init(languageModel: model, tools: tools, transcript: transcript)
    }

    init(languageModel: any LanguageModel, tools: [any Tool], transcript: Transcript) {
        self.languageModel = languageModel
        self.tools = tools
        self.state = Mutex(State(transcript: transcript))
    }

    private static func transcript(instructions: Instructions?, tools: [any Tool]) -> Transcript {
        guard instructions != nil || !tools.isEmpty else { return Transcript() }
        let segments = instructions?.segments ?? []
        return Transcript(entries: [.instructions(.init(segments: segments, toolDefinitions: tools.map { Transcript.ToolDefinition(tool: $0) }))])
    }

    /// Everything said in the session so far.
    public var transcript: Transcript { state.withLock { $0.transcript } }

    /// Whether the session is generating a response now.
    public var isResponding: Bool { state.withLock { $0.isResponding } }

    /// The total accumulated usage across all responses generated by this session; it only
    /// grows.
    public var usage: Usage { state.withLock { $0.usage } }
}
