import ArgumentParsing
import Dispatch
import Foundation
import FoundationModels
import JSONCore
import Synchronization

/// `fm chat`: an interactive conversation with one session (Apple's `fm chat`): history,
/// `/reset`, transcripts saved and loaded as JSON, line editing on a terminal.
///
/// On a terminal (standard input and output both) the line editor reads each message and
/// responses stream in; Ctrl-C stops a response, Ctrl-D or /quit leaves. Otherwise every line
/// of standard input is one message and only the responses are printed, one per turn (with
/// `--json` one object per turn), so a script can drive it.
struct ChatCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "chat",
            abstract: "Chat with the model: an interactive session with history and saved transcripts.",
            discussion: """
                Each line is a message; a line starting with '/' is a command (see COMMANDS; '//' sends a
                line that starts with '/'). A turn that fails (a guardrail, a full context) prints the
                error and the chat goes on; without a terminal, the exit status is then the last failed
                turn's. With --save-transcript the conversation is saved when the chat ends; with --session
                <name> it is kept under that name (continued next time, saved after every turn), as
                Apple's fm keeps sessions in ~/.fm/sessions.
                """,
            helpSections: [HelpSection(title: "Commands", items: ChatCommand.slashCommands.map { ($0.usage, $0.help) })])
    }

    @Option(short: "i", help: "The session's instructions.", valueName: "text")
    var instructions: String?
    @Option(help: "Start from the conversation saved in this transcript file.", valueName: "file")
    var resume: String?
    @Option(help: "Save the conversation to this file when the chat ends (and on /save without a file).", valueName: "file")
    var saveTranscript: String?
    @Option(name: "session", help: "A named session ($FM_SESSIONS_DIR, else ~/.fm/sessions): continued when it exists, saved after every turn.",
            valueName: "name")
    var sessionName: String?
    @Flag(help: "Without a terminal: print one JSON object per turn, {\"prompt\": ..., \"content\": ...}.")
    var json = false
    @OptionGroup var session: SessionOptions
    @OptionGroup var sampling: SamplingOptions

    func validate() throws {
        if resume != nil, instructions != nil {
            throw UsageError.transcriptAndInstructions("--resume")
        }
        if let sessionName {
            if resume != nil { throw UsageError("give --session or --resume, not both: a named session resumes itself") }
            _ = try NamedSession(name: sessionName)
        }
    }

    /// What `/help` and the help's COMMANDS section list.
    static let slashCommands: [(name: String, aliases: [String], usage: String, help: String)] = [
        ("help", [], "/help", "List the commands."),
        ("reset", ["clear"], "/reset", "Start the conversation over (same instructions); also /clear."),
        ("history", [], "/history", "Print the conversation so far."),
        ("save", [], "/save [<file>]", "Save the transcript as JSON (default: --save-transcript's file)."),
        ("load", ["resume"], "/load <file>", "Continue from a saved transcript; also /resume."),
        ("instructions", [], "/instructions <text>", "Start over with new instructions."),
        ("quit", ["exit", "q"], "/quit", "Leave (also Ctrl-D); also /exit, /q."),
    ]

    func run() async throws {
        let url = try await session.model.urlFetchingDefault()
        let named = try sessionName.map { try NamedSession(name: $0) }
        let saved = try named?.transcript()
        if saved != nil, instructions != nil {
            throw UsageError("session '\(sessionName ?? "")' already has its instructions; leave -i out, or start a new session")
        }
        let systemModel = try await session.loadedModel()
        var conversation = Conversation(model: systemModel, modelName: url.lastPathComponent,
                                        instructions: instructions, transcript: try saved ?? resume.map(TranscriptFile.read))
        if let named, saved != nil { Terminal.log("Continuing session '\(named.name)' (\(conversation.session.transcript.count) entries).") }
        let editor = LineEditor()
        if editor != nil {
            Terminal.line(Terminal.style("fm chat", .bold, on: .standardOutput) + " with \(url.lastPathComponent). "
                          + "Type /help for commands, /quit or Ctrl-D to leave.")
        }
        let interrupts = InterruptForwarder()
        var lastFailure: ExitCode?
        defer { interrupts.stop() }
        while true {
            let line: String
            if let editor {
                switch editor.readLine(prompt: Terminal.style("you> ", .prompt, on: .standardOutput)) {
                case .endOfInput: return try finish(conversation)
                case .interrupted: continue
                case .line(let text):
                    editor.remember(text)
                    line = text
                }
            } else {
                guard let text = readLine() else {
                    try finish(conversation)
                    if let lastFailure { throw lastFailure }
                    return
                }
                line = text
            }
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            if line.hasPrefix("/"), !line.hasPrefix("//") {
                guard try perform(line, on: &conversation) else { return try finish(conversation) }
                continue
            }
            let message = line.hasPrefix("//") ? String(line.dropFirst()) : line
            if let status = await turn(message, in: conversation, interactive: editor != nil, interrupts: interrupts) {
                lastFailure = status
            }
            try named?.save(conversation.session.transcript, modelName: conversation.modelName)
        }
    }

    /// One exchange: the response streamed (on a terminal) or printed whole; an error is
    /// reported and returned as its status, and the chat goes on.
    private func turn(_ message: String, in conversation: Conversation, interactive: Bool, interrupts: InterruptForwarder) async -> ExitCode? {
        let options = sampling.generationOptions
        let session = conversation.session
        let json = json
        if interactive { Terminal.write(Terminal.style("fm> ", .prompt, on: .standardOutput)) }
        let task = Task {
            var streaming = ResponseStreaming()
            return try await streaming.stream(session, prompt: message, options: options) { piece in
                if interactive { Terminal.write(piece) }
            }
        }
        interrupts.forward(to: task)
        defer { interrupts.forward(to: nil) }
        do {
            let text = try await task.value
            if interactive {
                Terminal.write("\n")
            } else if json {
                JSONOutput.write(["prompt": .string(message), "content": .string(text)])
            } else {
                Terminal.line(text)
            }
            return nil
        } catch is CancellationError {
            Terminal.write(interactive ? "\n[stopped]\n" : "")
            return .interrupted
        } catch {
            if interactive { Terminal.write("\n") }
            let report = ErrorReport(error)
            Terminal.write(report.text(styled: Terminal.colorEnabled(on: .standardError)), to: .standardError)
            return report.status
        }
    }

    /// Runs a slash command; false when the chat should end.
    private func perform(_ line: String, on conversation: inout Conversation) throws -> Bool {
        let words = line.dropFirst().split(separator: " ", maxSplits: 1).map(String.init)
        let name = words.first ?? ""
        let argument = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""
        guard let command = Self.slashCommands.first(where: { $0.name == name || $0.aliases.contains(name) }) else {
            let suggestion = NameSuggestion.nearest(to: name, in: Self.slashCommands.flatMap { [$0.name] + $0.aliases })
            Terminal.log("fm: unknown command '/\(name)'" + (suggestion.map { "; did you mean '/\($0)'?" } ?? "") + " (/help lists them)")
            return true
        }
        switch command.name {
        case "help":
            for item in Self.slashCommands { Terminal.line("  " + item.usage.padding(toLength: 22, withPad: " ", startingAt: 0) + item.help) }
        case "reset":
            conversation.reset()
            Terminal.log("Started over.")
        case "history":
            for entry in conversation.session.transcript { Terminal.line(Self.describe(entry)) }
        case "save":
            guard let path = argument.isEmpty ? saveTranscript ?? sessionName.flatMap({ try? NamedSession(name: $0).url.path }) : argument else {
                Terminal.log("fm: /save needs a file (or start the chat with --save-transcript <file> or --session <name>)")
                return true
            }
            do {
                let written = try TranscriptFile.write(conversation.session.transcript, modelName: conversation.modelName, to: path)
                Terminal.log("Transcript saved to: \(written)")
            } catch {
                Terminal.write(ErrorReport(error).text(styled: Terminal.colorEnabled(on: .standardError)), to: .standardError)
            }
        case "load":
            guard !argument.isEmpty else {
                Terminal.log("fm: /load needs a transcript file")
                return true
            }
            do {
                conversation.load(try TranscriptFile.read(argument))
                Terminal.log("Loaded \(conversation.session.transcript.count) entries from \(argument).")
            } catch {
                Terminal.write(ErrorReport(error).text(styled: Terminal.colorEnabled(on: .standardError)), to: .standardError)
            }
        case "instructions":
            conversation.instructions = argument.isEmpty ? nil : argument
            conversation.reset()
            Terminal.log(argument.isEmpty ? "Started over without instructions." : "Started over with new instructions.")
        default:
            return false
        }
        return true
    }

    /// Saves the transcript when `--save-transcript` or `--session` was given.
    private func finish(_ conversation: Conversation) throws {
        if let sessionName {
            let named = try NamedSession(name: sessionName)
            try named.save(conversation.session.transcript, modelName: conversation.modelName)
            Terminal.log("Session '\(named.name)' saved to: \(named.url.path)")
        }
        guard let saveTranscript else { return }
        let written = try TranscriptFile.write(conversation.session.transcript, modelName: conversation.modelName, to: saveTranscript)
        Terminal.log("Transcript saved to: \(written)")
    }

    /// One line per transcript entry for /history.
    static func describe(_ entry: Transcript.Entry) -> String {
        switch entry {
        case .instructions(let value): "instructions: " + value.segments.map(\.description).joined(separator: "\n")
        case .prompt(let value): "you: " + value.segments.map(\.description).joined(separator: "\n")
        case .response(let value): "fm: " + value.segments.map(\.description).joined(separator: "\n")
        default: entry.description
        }
    }
}
