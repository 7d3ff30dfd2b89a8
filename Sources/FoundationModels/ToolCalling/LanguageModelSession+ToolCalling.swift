import Foundation

extension LanguageModelSession {
    /// How many call turns one request may take before the session gives up, when
    /// ``maximumToolCallRounds`` is not set: enough for a few dependent lookups, few enough that
    /// a model that keeps calling tools fails in seconds rather than filling the context.
    public static let defaultMaximumToolCallRounds = 8

    /// How many call turns one request may take (beyond Apple's API). A request whose model
    /// writes one more call turn after this many throws `GenerationError.decodingFailure` naming
    /// the bound; the transcript is left as it was before the request.
    ///
    /// ```swift
    /// let session = LanguageModelSession(tools: [WeatherTool()])
    /// session.maximumToolCallRounds = 2
    /// ```
    public var maximumToolCallRounds: Int {
        get { state.withLock { $0.maximumToolCallRounds } }
        set { state.withLock { $0.maximumToolCallRounds = max(0, newValue) } }
    }

    /// The error for a model that keeps calling tools.
    static func toolRoundsExceeded(_ rounds: Int) -> GenerationError {
        .decodingFailure(.init(debugDescription:
            "The model was still calling tools after \(rounds) call turns (maximumToolCallRounds = \(rounds)); no answer was produced."))
    }

    /// Runs one turn's calls concurrently and returns their outputs in call order.
    ///
    /// - throws: ``ToolCallError`` for the first call that fails (the others are cancelled).
    static func run(_ calls: [Transcript.ToolCall], with tools: [any Tool]) async throws -> [Transcript.ToolOutput] {
        var toolsByName: [String: any Tool] = [:]
        for tool in tools where toolsByName[tool.name] == nil { toolsByName[tool.name] = tool }
        return try await withThrowingTaskGroup(of: (Int, Transcript.ToolOutput).self) { group in
            for (index, call) in calls.enumerated() {
                guard let tool = toolsByName[call.toolName] else { continue }
                group.addTask {
                    do {
                        let segments = try await tool.segments(calling: call.arguments)
                        return (index, Transcript.ToolOutput(id: call.id, toolName: call.toolName, segments: segments))
                    } catch let error as ToolCallError {
                        throw error
                    } catch {
                        throw ToolCallError(tool: tool, underlyingError: error)
                    }
                }
            }
            var outputs: [Transcript.ToolOutput?] = Array(repeating: nil, count: calls.count)
            for try await (index, output) in group { outputs[index] = output }
            return outputs.compactMap { $0 }
        }
    }

    /// The transcript as the model is shown it: tools that do not include their schema in
    /// the instructions are left out of the definitions (they stay callable).
    static func transcriptShowingTools(_ transcript: Transcript, tools: [any Tool]) -> Transcript {
        guard case .instructions(var instructions)? = transcript.first else { return transcript }
        instructions.toolDefinitions = instructions.toolDefinitions.shown(for: tools)
        var entries = Array(transcript)
        entries[0] = .instructions(instructions)
        return Transcript(entries: entries)
    }
}

extension Tool {
    /// Decodes the arguments, calls the tool and returns what it said as transcript segments:
    /// structured for generable output, text otherwise.
    ///
    /// - throws: ``ToolCallError`` when the arguments do not decode into `Arguments`; the
    ///   tool's own error otherwise.
    func segments(calling content: GeneratedContent) async throws -> [Transcript.Segment] {
        let arguments: Arguments
        do {
            arguments = try Arguments(content)
        } catch {
            throw ToolCallError(tool: self, underlyingError: error)
        }
        let output = try await call(arguments: arguments)
        if let structured = output as? any ConvertibleToGeneratedContent, !(output is String) {
            return [.structure(.init(source: name, content: structured.generatedContent))]
        }
        return [.text(.init(content: output.promptRepresentation.text))]
    }
}
