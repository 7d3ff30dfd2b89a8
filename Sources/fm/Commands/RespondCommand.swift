import ArgumentParsing
import Foundation
import FoundationModels
import JSONCore

/// `fm respond`: answers one prompt with a `LanguageModelSession`, as Apple's `fm respond` does:
/// the prompt from the arguments or standard input, `--instructions`, `--schema` for guided
/// output, streamed by default, transcripts saved and resumed.
struct RespondCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "respond",
            abstract: "Answer a prompt with a LanguageModelSession (streamed).",
            discussion: """
                The prompt is the words (and --text segments, one per line); without them, standard input
                when it is not a terminal. The response is streamed to standard output as it is
                generated (--no-stream prints it at the end). With --schema the response is one JSON
                value that satisfies the schema, printed on one line once it is complete; a value the
                token budget cuts off is never printed (status 65). With --json: one JSON object,
                {"content": ..., "model": ...}; with --json --stream, {"delta": "..."} lines first.
                """)
    }

    @Option(short: "i", help: "The session's instructions.", valueName: "text")
    var instructions: String?
    @Option(help: "A JSON Schema the response must satisfy: a file, the schema itself as JSON (fm schema object writes one), or a Swift file of @Generable types (X.swift, X.swift#Type).",
            valueName: "file")
    var schema: String?
    @Option(help: "A text segment of the prompt (repeatable).", valueName: "text")
    var text: [String] = []
    @Flag(inversion: .prefixedNo, help: "Print the response as it is generated (default: on, off with --json).")
    var stream: Bool?
    @Flag(help: "Print one JSON object with the response.")
    var json = false
    @Option(help: "Continue the conversation saved in this transcript file.", valueName: "file")
    var resume: String?
    @Option(help: "Save the transcript (with the new turn) to this file.", valueName: "file")
    var saveTranscript: String?
    @Option(name: "session", help: "A named session (fm chat --session): continue it when it exists, and save it with this turn.",
            valueName: "name")
    var sessionName: String?
    @Flag(help: "Evaluate the instructions into the cache before the prompt (with --timing, timed apart).")
    var prewarm = false
    @Flag(help: "Print the time to the first token and the decode speed to standard error.")
    var timing = false
    @OptionGroup var session: SessionOptions
    @OptionGroup var sampling: SamplingOptions
    @Argument(help: "The prompt.", valueName: "prompt")
    var prompt: [String] = []

    func validate() throws {
        if resume != nil, instructions != nil {
            throw UsageError.transcriptAndInstructions("--resume")
        }
        if let sessionName {
            if resume != nil { throw UsageError("give --session or --resume, not both: a named session resumes itself") }
            _ = try NamedSession(name: sessionName)
        }
        if schema != nil, stream == true { throw UsageError("--stream cannot be used with --schema: a guided value is printed once it is complete") }
    }

    /// Streaming is the default for text; `--json` prints one object unless `--stream` asks for deltas.
    var streams: Bool { schema == nil && (stream ?? !json) }

    func run() async throws {
        let promptText = try InputText.read(prompt, segments: text, name: "<prompt>")
        let generationSchema = try schema.map(SchemaShowCommand.generationSchema(from:))
        let named = try sessionName.map { try NamedSession(name: $0) }
        let transcript = try named?.transcript() ?? resume.map(TranscriptFile.read)
        if named != nil, transcript != nil, instructions != nil {
            throw UsageError("session '\(sessionName ?? "")' already has its instructions; leave -i out, or start a new session")
        }
        let url = try await session.model.urlFetchingDefault()
        let systemModel = try await session.loadedModel()
        let languageSession: LanguageModelSession
        if let transcript {
            languageSession = LanguageModelSession(model: systemModel, transcript: transcript)
        } else if let instructions {
            languageSession = LanguageModelSession(model: systemModel, instructions: instructions)
        } else {
            languageSession = LanguageModelSession(model: systemModel)
        }
        let clock = ContinuousClock()
        if prewarm {
            let start = clock.now
            try await languageSession.prewarmAndWait()
            if timing { Terminal.log("prewarm (instructions): \(Self.milliseconds(clock.now - start)) ms") }
        }
        let content: JSONValue
        if let generationSchema {
            let response = try await languageSession.respond(to: promptText, schema: generationSchema, options: sampling.generationOptions)
            let value = response.content.jsonValue
            content = value
            if !json { JSONOutput.write(value) }
        } else if streams {
            var streaming = ResponseStreaming()
            let text = try await streaming.stream(languageSession, prompt: promptText, options: sampling.generationOptions) { piece in
                if json { JSONOutput.write(["delta": .string(piece)]) } else { Terminal.write(piece) }
            }
            if !json { Terminal.write("\n") }
            content = .string(text)
            if timing { Self.report(streaming.timing) }
        } else {
            let response = try await languageSession.respond(to: promptText, options: sampling.generationOptions)
            content = .string(response.content)
            if !json { Terminal.line(response.content) }
        }
        if json { JSONOutput.write(["content": content, "model": .string(url.lastPathComponent)]) }
        if let saveTranscript {
            let path = try TranscriptFile.write(languageSession.transcript, modelName: url.lastPathComponent, to: saveTranscript)
            Terminal.log("Transcript saved to: \(path)")
        }
        try named?.save(languageSession.transcript, modelName: url.lastPathComponent)
    }

    private static func report(_ timing: ResponseStreaming.Timing) {
        guard let first = timing.firstSnapshot else { return }
        let decode = timing.total - first
        let rate = timing.snapshots > 1 ? Double(timing.snapshots - 1) / max(seconds(decode), 1e-9) : 0
        Terminal.log("time to first token: \(milliseconds(first)) ms; \(timing.snapshots) snapshots in \(milliseconds(timing.total)) ms"
                     + " (\(String(format: "%.1f", rate)) snapshots/s after the first)")
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static func milliseconds(_ duration: Duration) -> Int { Int(seconds(duration) * 1000) }
}
