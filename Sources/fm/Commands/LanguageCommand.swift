import FoundationModels
import Foundation

/// `fm language`: identifies the language of text and applies the session's
/// unsupported-language rule, for checking inputs by hand.
struct LanguageCommand: Command {
    static let name = "language"
    static let abstract = "Identify the language of text and check it against supported languages."
    static let usage = """
        USAGE: fm language [--supported CODES] [TEXT ...]

        Prints the most likely language, the share of each language, and, with --supported,
        the language a session would reject the text for. Each TEXT is judged on its own, as
        a session judges instructions, prompt and tool output; without TEXT, standard input
        is one text.

        OPTIONS:
          --supported CODES   Comma-separated BCP-47 codes the model supports, e.g. en or en,ko.
        """

    var supported: Set<String>?
    var texts: [String]

    init(arguments: inout ArgumentList) throws {
        if let list = try arguments.option("--supported") {
            let codes = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !codes.isEmpty else { throw UsageError("--supported needs at least one language code") }
            supported = Set(codes)
        }
        texts = try arguments.positionals()
    }

    func run() async throws -> Int32 {
        let inputs = texts.isEmpty ? [String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)] : texts
        let identifier = LanguageIdentifier()
        for (index, text) in inputs.enumerated() {
            let guess = identifier.identify(text)
            let shares = identifier.dominantLanguages(in: text)
                .map { "\($0.code) \(String(format: "%.2f", $0.share))" }
                .joined(separator: ", ")
            print("text \(index): \(guess?.description ?? "undetermined")  [\(shares)]")
        }
        if let supported {
            if let language = identifier.unsupportedLanguage(in: inputs, supported: supported) {
                print("unsupported language: \(language)")
                return 1
            }
            print("supported")
        }
        return 0
    }
}
