import Foundation
import ArgumentParsing
import FoundationModels

/// The options of the commands that answer through a `LanguageModelSession` (`respond`,
/// `chat`): the model, its threads, context size, guardrails and use case, as Apple's `fm` names them.
struct SessionOptions: ParsableArguments {
    enum GuardrailLevel: String, CaseIterable, ExpressibleByArgument {
        case `default`
        case permissiveContentTransformations = "permissive-content-transformations"

        var guardrails: SystemLanguageModel.Guardrails {
            self == .default ? .default : .permissiveContentTransformations
        }
    }

    enum UseCaseName: String, CaseIterable, ExpressibleByArgument {
        case general
        case contentTagging = "content-tagging"

        var useCase: SystemLanguageModel.UseCase { self == .general ? .general : .contentTagging }
    }

    @OptionGroup var model: ModelOptions
    @OptionGroup var threads: ThreadOptions
    @Option(help: "Context size in tokens, prompt and response together (at most the model's trained length).", valueName: "n")
    var context = SystemLanguageModel.defaultContextSize
    @Option(help: "The guardrails to apply.", valueName: "level")
    var guardrails: GuardrailLevel = .default
    @Option(help: "What the model is used for.", valueName: "case")
    var useCase: UseCaseName = .general

    func validate() throws {
        guard context >= 16 else { throw UsageError("--context must be at least 16, got \(context)") }
    }

    /// The model, checked to be available, loaded (with a progress bar on a terminal).
    ///
    /// - throws: `ModelLocationError` or `CommandError` (69) saying why it is unavailable;
    ///   `GenerationError.assetsUnavailable` when the file does not load.
    func loadedModel() async throws -> SystemLanguageModel {
        threads.exportToEngine()
        return try await SystemModel.load(url: model.url(), contextSize: context, useCase: useCase.useCase,
                                   guardrails: guardrails.guardrails)
    }
}
