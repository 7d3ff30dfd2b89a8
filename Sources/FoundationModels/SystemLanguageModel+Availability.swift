import Foundation

extension SystemLanguageModel {
    /// Whether the model can be used, and why not.
    @frozen
    public enum Availability: Equatable, Sendable {
        /// Why the model cannot be used.
        public enum UnavailableReason: Equatable, Sendable {
            /// The CPU lacks what the engine's kernels need.
            case deviceNotEligible
            /// The model is turned off by configuration (`FM_DISABLE=1`).
            case appleIntelligenceNotEnabled
            /// The model file is absent or unreadable.
            case modelNotReady
        }

        case available
        case unavailable(UnavailableReason)
    }

    /// Whether the model can be used now. Checks the file and configuration; does not load it.
    public var availability: Availability {
        let environment = ProcessInfo.processInfo.environment
        if let disabled = environment["FM_DISABLE"], ["1", "true", "yes"].contains(disabled.lowercased()) {
            return .unavailable(.appleIntelligenceNotEnabled)
        }
        #if !(arch(x86_64) || arch(arm64))
        return .unavailable(.deviceNotEligible)
        #else
        return FileManager.default.isReadableFile(atPath: url.path) ? .available : .unavailable(.modelNotReady)
        #endif
    }

    /// Whether ``availability`` is `.available`.
    public var isAvailable: Bool { availability == .available }
}
