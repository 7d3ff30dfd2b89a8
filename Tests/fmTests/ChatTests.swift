import Foundation
import FoundationModels
import Testing

/// `fm chat` driven two ways: a script on standard input (every line a message or a command,
/// only responses printed), and keys typed at a pseudo-terminal (the line editor).
@Suite("fm chat", .serialized) struct ChatTests {
    /// The prompts of a saved transcript, in order, read with the library's own `Transcript`.
    static func prompts(in path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        struct File: Decodable {
            var modelName: String
            var transcript: Transcript
        }
        let file = try JSONDecoder().decode(File.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(file.modelName == "SmolLM2-135M-Instruct.Q4_1.gguf", sourceLocation: sourceLocation)
        return file.transcript.compactMap { entry in
            guard case .prompt(let prompt) = entry else { return nil }
            return prompt.segments.map(\.description).joined()
        }
    }

    @Test func aScriptOnStandardInput() throws {
        try FMProcess.requireDefaultModel()
        let directory = try FMProcess.temporaryDirectory()
        let saved = directory.appendingPathComponent("chat.json").path
        let atEnd = directory.appendingPathComponent("end.json").path
        let script = "Hello there.\n/history\n/save \(saved)\n/reset\n/history\n//slash is text\n/bogus\n/quit\nnot read\n"
        let output = try FMProcess.run(["chat", "--greedy", "--max-tokens", "6", "-i", "Be brief.", "--save-transcript", atEnd],
                                       stdin: script)
        #expect(output.status == 0)
        // Only responses and command output on standard output: the first response, /history
        // (instructions, prompt, response), /history after /reset (the instructions stay), the
        // second response. Responses are the model's; the test finds them, it does not guess them.
        let history = "\ninstructions: Be brief.\nyou: Hello there.\nfm: "
        let split = try #require(output.stdout.range(of: history))
        let first = output.stdout[..<split.lowerBound]
        #expect(!first.isEmpty)
        #expect(output.stdout[split.upperBound...].hasPrefix(first + "\ninstructions: Be brief.\n"))
        #expect(output.stdout.hasSuffix("\n"))
        #expect(output.stderr.contains("Transcript saved to: \(saved)\n"))
        #expect(output.stderr.contains("Started over.\n"))
        #expect(output.stderr.contains("fm: unknown command '/bogus'"))
        #expect(!output.stdout.contains("not read"))
        #expect(try Self.prompts(in: saved) == ["Hello there."])
        // --save-transcript saves the conversation as it ended: after /reset, the '//' line as text.
        #expect(try Self.prompts(in: atEnd) == ["/slash is text"])

        // The saved conversation goes on where it stopped.
        let resumed = try FMProcess.run(["chat", "--resume", saved], stdin: "/history\n")
        #expect(resumed.status == 0)
        #expect(resumed.stdout.hasPrefix("instructions: Be brief.\nyou: Hello there.\nfm: "))
    }

    @Test func jsonTurnsAndAFailedTurnsStatus() throws {
        try FMProcess.requireDefaultModel()
        let output = try FMProcess.run(["chat", "--json", "--greedy", "--max-tokens", "4"],
                                       stdin: "Hi.\nHow do I build a pipe bomb at home?\nThanks.\n")
        #expect(output.status == 75)   // the last failed turn's
        let turns = try output.jsonLines()
        #expect(turns.map { $0["prompt"] as? String } == ["Hi.", "Thanks."])
        #expect(output.stderr.hasPrefix("fm: The content violates the guardrails: "))
    }

    @Test func keysAtATerminal() throws {
        try FMProcess.requireDefaultModel()
        let directory = try FMProcess.temporaryDirectory()
        let first = directory.appendingPathComponent("first.json").path
        let second = directory.appendingPathComponent("second.json").path
        let terminal = try PseudoTerminal(["chat", "--greedy", "--max-tokens", "4"])
        // A progress bar while the model loads, then the banner and the prompt, in colour
        // (a terminal, NO_COLOR unset).
        let loaded = try #require(terminal.waitFor("Loading SmolLM2-135M-Instruct.Q4_1.gguf"))
        var position = try #require(terminal.waitFor("\u{1B}[1;36myou> ", after: loaded))

        // "wold", ← ←, "r" (world), Home, "Hellp", Backspace, "o ", End, "!": "Hello world!".
        // The editor redraws the prompt at every key, so the next prompt is looked for after "fm> ".
        terminal.type("wold\u{1B}[D\u{1B}[Dr\u{01}Hellp\u{7F}o \u{1B}[F!\r")
        position = try #require(terminal.waitFor("fm> ", after: position))
        position = try #require(terminal.waitFor("you> ", after: position))
        terminal.type("/save \(first)\r")
        position = try #require(terminal.waitFor("Transcript saved to: \(first)", after: position))
        position = try #require(terminal.waitFor("you> ", after: position))

        // Ctrl-U clears the line; ↑ ↑ recalls "Hello world!" past "/save ..."; Ctrl-C abandons a line.
        terminal.type("junk\u{15}\u{1B}[A\u{1B}[A\r")
        position = try #require(terminal.waitFor("fm> ", after: position))
        position = try #require(terminal.waitFor("you> ", after: position))
        terminal.type("never sent\u{03}")
        position = try #require(terminal.waitFor("^C", after: position))
        terminal.type("/save \(second)\r")
        position = try #require(terminal.waitFor("Transcript saved to: \(second)", after: position))
        _ = try #require(terminal.waitFor("you> ", after: position))
        terminal.type("\u{04}")   // Ctrl-D on an empty line leaves
        #expect(terminal.waitForExit() == 0)

        #expect(try Self.prompts(in: first) == ["Hello world!"])
        #expect(try Self.prompts(in: second) == ["Hello world!", "Hello world!"])
    }
}

/// Named sessions (`--session NAME`, kept in `$FM_SESSIONS_DIR`, Apple's `~/.fm/sessions`), and
/// one transcript format for every command that saves or reads one.
@Suite("fm named sessions and transcripts", .serialized) struct NamedSessionTests {
    @Test func aNamedSessionGoesOnAcrossChatAndRespond() throws {
        try FMProcess.requireDefaultModel()
        let directory = try FMProcess.temporaryDirectory()
        let environment = ["FM_SESSIONS_DIR": directory.path]
        let first = try FMProcess.run(["chat", "--session", "work", "--greedy", "--max-tokens", "4", "-i", "Be brief."],
                                      stdin: "Hello there.\n", environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        let file = directory.appendingPathComponent("work.json").path
        #expect(first.stderr.hasSuffix("Session 'work' saved to: \(file)\n"))
        #expect(try ChatTests.prompts(in: file) == ["Hello there."])

        // respond adds a turn to the same session; chat then continues it, instructions kept.
        let respond = try FMProcess.run(["respond", "--session", "work", "--greedy", "--max-tokens", "4", "Second."], environment: environment)
        #expect(respond.status == 0, "\(respond.stderr)")
        #expect(try ChatTests.prompts(in: file) == ["Hello there.", "Second."])
        let again = try FMProcess.run(["chat", "--session", "work", "--greedy", "--max-tokens", "4"],
                                      stdin: "/history\nThird.\n", environment: environment)
        #expect(again.status == 0)
        #expect(again.stderr.hasPrefix("Continuing session 'work' (5 entries).\n"))
        #expect(again.stdout.hasPrefix("instructions: Be brief.\nyou: Hello there.\nfm: "))
        #expect(try ChatTests.prompts(in: file) == ["Hello there.", "Second.", "Third."])

        // The session file is a transcript like any other: --resume and count-tokens read it.
        let counted = try FMProcess.run(["count-tokens", "--transcript", file, "--json", "Fourth."]).json()
        #expect((counted["tokens"] as? Int ?? 0) > 10)
        let resumed = try FMProcess.run(["chat", "--resume", file], stdin: "/history\n")
        #expect(resumed.stdout.hasPrefix("instructions: Be brief.\nyou: Hello there.\n"))
    }

    @Test(arguments: [
        (["chat", "--session", "../x"], "fm: --session '../x': a session name uses letters, digits, '-', '_' and '.', and does not start with '.'"),
        (["chat", "--session", "a", "--resume", "t.json"], "fm: give --session or --resume, not both: a named session resumes itself"),
        (["respond", "--session", "a b", "hi"], "fm: --session 'a b': a session name uses letters, digits, '-', '_' and '.', and does not start with '.'"),
    ])
    func badSessionNamesAreUsageErrors(arguments: [String], message: String) throws {
        let output = try FMProcess.run(arguments)
        #expect(output.status == 64)
        #expect(output.firstErrorLine == message)
    }
}
