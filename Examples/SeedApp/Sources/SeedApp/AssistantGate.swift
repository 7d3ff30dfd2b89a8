import Foundation
import FoundationModels

/// Seed 000's `IntelligenceGate` and seed 002's `isAIAvailable`, together: one place that turns
/// `availability` and `supportsLocale` into what the app does, so no feature calls a model
/// that cannot answer and every degraded path says why.
struct AssistantGate: Sendable {
    /// What the app can do with the model now.
    enum State: Equatable, Sendable {
        case ready
        case unsupported
        case disabled
        case downloading

        init(_ availability: SystemLanguageModel.Availability) {
            switch availability {
            case .available: self = .ready
            case .unavailable(.deviceNotEligible): self = .unsupported
            case .unavailable(.appleIntelligenceNotEnabled): self = .disabled
            case .unavailable(.modelNotReady): self = .downloading
            }
        }

        /// What the app tells the user in this state.
        var explanation: String {
            switch self {
            case .ready: "the model is ready"
            case .unsupported: "this device cannot run the model (deviceNotEligible)"
            case .disabled: "the model is turned off (appleIntelligenceNotEnabled; FM_DISABLE is set)"
            case .downloading: "the model is not on this machine yet (modelNotReady; run 'fm models pull')"
            }
        }
    }

    /// Why a feature cannot use the model, or nil when it can.
    enum Refusal: Equatable, Sendable, CustomStringConvertible {
        case modelUnavailable(State)
        case languageNotSupported(code: String, supported: [String])

        var description: String {
            switch self {
            case .modelUnavailable(let state):
                state.explanation
            case .languageNotSupported(let code, let supported):
                "the model does not read '\(code)' (supportedLanguages: \(supported.joined(separator: ", ")))"
            }
        }
    }

    let model: SystemLanguageModel

    var state: State { State(model.availability) }

    /// Checks, in the seeds' order, that the model is available and reads `locale`'s language.
    func refusal(for locale: Locale) -> Refusal? {
        guard state == .ready else { return .modelUnavailable(state) }
        guard model.supportsLocale(locale) else {
            let supported = model.supportedLanguages.map { $0.minimalIdentifier }.sorted()
            return .languageNotSupported(code: locale.language.languageCode?.identifier ?? locale.identifier, supported: supported)
        }
        return nil
    }

    static let korean = Locale(identifier: "ko_KR")
}

/// How the run names its model, for the first line of output.
enum ModelDescription {
    /// `FM_MODEL` when set, else the default model's name.
    static var current: String {
        let value = ProcessInfo.processInfo.environment["FM_MODEL"] ?? ""
        return value.isEmpty ? "smollm2 (default; FM_MODEL picks another)" : "\(value) (FM_MODEL)"
    }

    static func availability(_ availability: SystemLanguageModel.Availability) -> String {
        switch availability {
        case .available: "available"
        case .unavailable(let reason): "unavailable (\(reason))"
        }
    }

    static func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return String(format: "%.1f s", Double(milliseconds) / 1000)
    }
}
