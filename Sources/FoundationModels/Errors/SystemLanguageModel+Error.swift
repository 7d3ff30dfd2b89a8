import Foundation

extension SystemLanguageModel {
    /// An error specific to the on-device system language model.
    ///
    /// ```swift
    /// catch SystemLanguageModel.Error.assetsUnavailable(let failure) {
    ///     print(failure.debugDescription)   // names the model file that is missing
    /// }
    /// ```
    public enum Error: Swift.Error, LocalizedError, Sendable, CustomDebugStringConvertible {
        /// The assets required for the session are unavailable.
        ///
        /// This may happen if model availability was not checked to begin with, or if the model
        /// assets were removed; here, when the GGUF file is missing, unreadable or not loadable.
        case assetsUnavailable(SystemLanguageModel.Error.AssetsUnavailable)

        /// Information about unavailable model assets.
        public struct AssetsUnavailable: Sendable {
            /// A description of why the assets are unavailable.
            public var debugDescription: String

            /// Creates an assets unavailable value.
            ///
            /// - parameter debugDescription: A description of why the assets are unavailable.
            public init(debugDescription: String) { self.debugDescription = debugDescription }
        }

        /// The case and why the assets are unavailable.
        public var debugDescription: String {
            switch self {
            case .assetsUnavailable(let failure): "SystemLanguageModel.Error.assetsUnavailable: \(failure.debugDescription)"
            }
        }

        /// A description of the failure with the reason.
        public var errorDescription: String? {
            switch self {
            case .assetsUnavailable(let failure):
                failure.debugDescription.isEmpty
                    ? "The assets required for the session are unavailable."
                    : "The assets required for the session are unavailable: \(failure.debugDescription)"
            }
        }

        /// Why the assets are unavailable.
        public var failureReason: String? {
            switch self {
            case .assetsUnavailable(let failure): failure.debugDescription.isEmpty ? nil : failure.debugDescription
            }
        }

        /// What to do about it.
        public var recoverySuggestion: String? {
            switch self {
            case .assetsUnavailable:
                "Check the model's availability first; make sure the model file exists and is readable (FM_MODEL or SystemLanguageModel(contentsOf:))."
            }
        }
    }
}
