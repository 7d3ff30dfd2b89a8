import Foundation
import ArgumentParsing
import FoundationModels

/// The options of the commands that answer through a `LanguageModelSession` (`respond`,
/// `chat`): the model, its context size, guardrails and use case, as Apple's `fm` names them.
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
        try await SystemModel.load(url: model.url(), contextSize: context, useCase: useCase.useCase,
                                   guardrails: guardrails.guardrails)
    }
}

/// Making a `SystemLanguageModel` for a command and loading it before the first request, so
/// that an unusable file is reported as unavailable (69) before any output.
enum SystemModel {
    static func load(url: URL, contextSize: Int = SystemLanguageModel.defaultContextSize,
                     useCase: SystemLanguageModel.UseCase = .general,
                     guardrails: SystemLanguageModel.Guardrails = .default) async throws -> SystemLanguageModel {
        let model = SystemLanguageModel(contentsOf: url, useCase: useCase, guardrails: guardrails, contextSize: contextSize)
        if case .unavailable(let reason) = model.availability {
            throw Unavailable(reason: describe(reason, url: url), hint: hint(for: reason))
        }
        // Counting a token loads the weights and tokenizer once; load errors surface here.
        _ = try await ModelLoadProgress.load(url) { try await model.tokenCount(for: Instructions("")) }
        return model
    }

    /// The model cannot be used (status 69).
    struct Unavailable: Error, CustomStringConvertible {
        let reason: String
        let hint: String?
        var description: String { "the model is unavailable: \(reason)" }
    }

    static func describe(_ reason: SystemLanguageModel.Availability.UnavailableReason, url: URL) -> String {
        switch reason {
        case .modelNotReady: "the model file \(url.path) is missing or unreadable"
        case .appleIntelligenceNotEnabled: "it is turned off by FM_DISABLE"
        case .deviceNotEligible: "the engine's kernels do not run on this CPU"
        }
    }

    static func hint(for reason: SystemLanguageModel.Availability.UnavailableReason) -> String? {
        switch reason {
        case .modelNotReady: ModelLocationError.fetchHint
        case .appleIntelligenceNotEnabled: "Unset FM_DISABLE."
        case .deviceNotEligible: "Run on an x86-64 or ARM64 CPU."
        }
    }
}
