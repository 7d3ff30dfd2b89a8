import ArgumentParsing
import Foundation
import FoundationModels
import JSONCore

/// `fm available`: whether the model can be used, and why not (Apple's `fm available`).
struct AvailableCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "available",
            abstract: "Check that the model can be used, and say why not.",
            discussion: """
                Prints 'System model available', or 'System model unavailable: <reason>' and exits with
                status 69. The model file is loaded to check it, so a file that exists but does not load
                is reported too. Like Apple's 'fm available'; 'system' (the default model) is the only
                model name, any GGUF file the other choice.
                """)
    }

    @Flag(help: "Print one JSON object: availability, reason, model file, context size and languages.")
    var json = false
    @Option(help: "Context size to report (and check against the model's trained length).", valueName: "n")
    var context = SystemLanguageModel.defaultContextSize
    @OptionGroup var model: ModelOptions

    func run() async throws {
        let url: URL
        do {
            url = try model.url()
        } catch let error as ModelLocationError {
            try report(nil, reason: error.description, code: "modelNotReady", hint: error.hint)
            return
        }
        do {
            let systemModel = try await SystemModel.load(url: url, contextSize: context)
            try report(systemModel, url: url)
        } catch let error as SystemModel.Unavailable {
            try report(nil, reason: error.reason, code: "unavailable", hint: error.hint)
        } catch let error as LanguageModelSession.GenerationError {
            try report(nil, reason: ErrorReport.describe(error), code: "assetsUnavailable", hint: ModelLocationError.fetchHint)
        }
    }

    private func report(_ systemModel: SystemLanguageModel, url: URL) throws {
        let languages = systemModel.supportedLanguages.compactMap { $0.languageCode?.identifier }.sorted()
        if json {
            JSONOutput.write([
                "available": true, "model": .string(url.path), "context_size": JSONOutput.number(systemModel.contextSize),
                "languages": JSONOutput.strings(languages),
            ])
        } else {
            Terminal.line("System model available")
        }
    }

    /// Reports unavailability and ends with status 69.
    private func report(_ systemModel: SystemLanguageModel?, reason: String, code: String, hint: String?) throws {
        if json {
            JSONOutput.write(["available": false, "reason": .string(code), "description": .string(reason)])
        } else {
            Terminal.line("System model unavailable: \(reason)")
            if let hint { Terminal.log(Terminal.style("hint:", .dim, on: .standardError) + " " + hint) }
        }
        throw ExitCode.unavailable
    }
}
