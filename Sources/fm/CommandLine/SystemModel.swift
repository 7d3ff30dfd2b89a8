import Foundation
import FoundationModels

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
