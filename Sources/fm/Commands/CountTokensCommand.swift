import ArgumentParsing
import Foundation
import FoundationModels
import JSONCore

/// `fm count-tokens`: how many tokens a prompt, instructions or a transcript take (Apple's
/// `fm count-tokens`), with the model's own tokenizer and chat template.
struct CountTokensCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "count-tokens",
            abstract: "Count the tokens of a prompt, instructions or a transcript.",
            discussion: """
                Raw count: a prompt alone (its words and --text segments, one per line) is counted with
                the model's tokenizer. Framed count: with --instructions or --transcript, what the model
                receives is counted, the chat template's markers around every turn included. Without a
                prompt, standard input is read when it is not a terminal and there are neither
                instructions nor a transcript (a framed count never waits on standard input; pass '-'
                to read it). Prints 'Token count: N' on a terminal, the bare number in a pipe or with -q.
                """)
    }

    @Option(short: "i", help: "Instructions: count them framed as the session's first turn.", valueName: "text")
    var instructions: String?
    @Option(help: "A text segment of the prompt (repeatable).", valueName: "text")
    var text: [String] = []
    @Option(help: "A saved transcript to count framed (fm respond --save-transcript, chat's /save).", valueName: "file")
    var transcript: String?
    @Flag(short: "q", help: "Print only the number (automatic when standard output is not a terminal).")
    var quiet = false
    @Flag(help: "Print one JSON object: {\"tokens\": N, \"framed\": true|false}.")
    var json = false
    @OptionGroup var model: ModelOptions
    @Argument(help: "The prompt.", valueName: "prompt")
    var prompt: [String] = []

    func validate() throws {
        if transcript != nil, instructions != nil {
            throw UsageError.transcriptAndInstructions("--transcript")
        }
    }

    var isFramed: Bool { instructions != nil || transcript != nil }

    /// The prompt's text, or nil for a framed count without one.
    func promptText() throws -> String? {
        if prompt.isEmpty, text.isEmpty, isFramed { return nil }
        return try InputText.read(prompt, segments: text, name: "<prompt>")
    }

    func run() async throws {
        let promptText = try promptText()
        let saved = try transcript.map(TranscriptFile.read)
        let systemModel = try await SystemModel.load(url: model.url())
        let count: Int
        if isFramed {
            var entries: [Transcript.Entry] = []
            if let instructions {
                entries.append(.instructions(.init(segments: [.text(.init(content: instructions))], toolDefinitions: [])))
            }
            entries += saved.map(Array.init) ?? []
            if let promptText { entries.append(.prompt(.init(segments: [.text(.init(content: promptText))]))) }
            count = try await systemModel.tokenCount(for: entries)
        } else {
            count = try await systemModel.tokenCount(for: Prompt(promptText ?? ""))
        }
        if json {
            JSONOutput.write(["tokens": JSONOutput.number(count), "framed": .bool(isFramed)])
        } else if quiet || !Terminal.Stream.standardOutput.isTerminal {
            Terminal.line("\(count)")
        } else {
            Terminal.line("Token count: \(count)")
        }
    }
}
