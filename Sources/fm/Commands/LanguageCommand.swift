import ArgumentParsing
import FoundationModels
import Foundation
import JSONCore

/// `fm language`: identifies the language of text and applies the session's
/// unsupported-language rule, for checking inputs by hand.
struct LanguageCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "language",
            abstract: "Identify the language of text and check it against supported languages.",
            discussion: """
                Prints the most likely language, the share of each language, and, with --supported, the
                language a session would reject the text for (exit status 1). Each TEXT is judged on its
                own, as a session judges instructions, prompt and tool output; without TEXT, standard
                input is one text.
                """)
    }

    @Option(help: "Comma-separated BCP-47 codes the model supports, e.g. en or en,ko.", valueName: "codes")
    var supported: String?
    @Flag(help: "Print one JSON object per text, then one with the verdict.")
    var json = false
    @Argument(help: "The texts to judge.", valueName: "text")
    var texts: [String] = []

    var supportedCodes: Set<String>? {
        supported.map { Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }) }
    }

    func validate() throws {
        if let codes = supportedCodes, codes.isEmpty { throw UsageError("--supported needs at least one language code") }
    }

    func run() async throws {
        let inputs = texts.isEmpty ? [try InputText.read([], name: "<text>")] : texts
        let identifier = LanguageIdentifier()
        for (index, text) in inputs.enumerated() {
            let guess = identifier.identify(text)
            let shares = identifier.dominantLanguages(in: text)
            if json {
                JSONOutput.write([
                    "text": JSONOutput.number(index), "language": guess.map { .string($0.code) } ?? .null,
                    "confidence": guess.map { JSONOutput.number($0.confidence) } ?? .null,
                    "shares": .object(JSONObject(shares.map { (key: $0.code, value: JSONOutput.number($0.share)) })),
                ])
            } else {
                let list = shares.map { "\($0.code) \(String(format: "%.2f", $0.share))" }.joined(separator: ", ")
                Terminal.write("text \(index): \(guess?.description ?? "undetermined")  [\(list)]\n")
            }
        }
        guard let codes = supportedCodes else { return }
        let unsupported = identifier.unsupportedLanguage(in: inputs, supported: codes)
        if json {
            JSONOutput.write(["supported": .bool(unsupported == nil), "unsupported_language": unsupported.map { .string($0) } ?? .null])
        } else {
            Terminal.write(unsupported.map { "unsupported language: \($0)\n" } ?? "supported\n")
        }
        if unsupported != nil { throw ExitCode.failure }
    }
}
