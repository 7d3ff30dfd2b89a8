import Foundation
import FoundationModels

/// Seeds 000 and 002: check `availability` and `supportsLocale` before a feature uses the
/// model, say why when it cannot, and degrade instead of failing. Shown on the default model,
/// on a model whose file is missing, and for a Korean prompt that skips the gate.
enum AvailabilityWorkflow {
    @Sendable static func run() async throws {
        let gate = AssistantGate(model: .default)
        show("default model:", ModelDescription.availability(gate.model.availability), "->", gate.state.explanation)
        show("supportedLanguages:", gate.model.supportedLanguages.map(\.minimalIdentifier).sorted().joined(separator: ", "))
        for locale in [Locale(identifier: "en_US"), AssistantGate.korean] {
            let verdict = gate.refusal(for: locale).map { "degrade: \($0)" } ?? "use the model"
            show("\(locale.identifier): supportsLocale \(gate.model.supportsLocale(locale)) -> \(verdict)")
        }

        // A model that is not on this machine: the gate says so, and a request made anyway is
        // a typed error, not a crash.
        let missingFile = FileManager.default.temporaryDirectory.appendingPathComponent("seedapp-absent-\(UUID().uuidString).gguf")
        let missing = AssistantGate(model: SystemLanguageModel(contentsOf: missingFile))
        show("missing model file:", ModelDescription.availability(missing.model.availability), "->", missing.state.explanation)
        // modelNotReady, unless the whole feature is switched off (FM_DISABLE), which comes first.
        let expected: AssistantGate.State = gate.state == .disabled ? .disabled : .downloading
        try require(missing.state == expected, "a missing file reads as \(missing.state), not \(expected)")
        try require(missing.refusal(for: Locale(identifier: "en_US")) == .modelUnavailable(expected), "the gate let a missing model through")
        show("degraded: the noticeboard falls back to manual entry")
        do {
            _ = try await LanguageModelSession(model: missing.model).respond(to: "Hello")
            throw GuaranteeBroken("a model without a file answered")
        } catch LanguageModelSession.GenerationError.assetsUnavailable(let context) {
            show("asked anyway: assetsUnavailable:", context.debugDescription)
        }

        // Skipping the gate with Korean on a model that does not read it: the session refuses
        // before decoding with seed 001's error, which the app turns into a message.
        guard gate.state == .ready else { return }
        if gate.model.supportsLocale(AssistantGate.korean) {
            show("Korean: the gate lets it through (the noticeboard and pipeline use the model)")
            return
        }
        do {
            _ = try await LanguageModelSession().respond(to: "오늘 서울이랑 부산 기온 차이 알려 줘.",
                                                         options: GenerationOptions(maximumResponseTokens: 8))
            throw GuaranteeBroken("a Korean prompt reached a model that supports only \(gate.model.supportedLanguages)")
        } catch LanguageModelSession.GenerationError.unsupportedLanguageOrLocale(let context) {
            show("Korean without the gate: unsupportedLanguageOrLocale:", context.debugDescription)
            show("shown to the user: 이 기기의 모델은 한국어를 지원하지 않아요. 영어로 입력해 주세요.")
        }
    }
}
