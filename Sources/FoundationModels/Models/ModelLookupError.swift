import Foundation

extension SystemLanguageModel {
    /// A model asked for by name cannot be used: no model has that name, or it has not been
    /// pulled yet (beyond Apple's API, whose model ships with the OS).
    ///
    /// ```swift
    /// do {
    ///     let model = try SystemLanguageModel(name: "qwen2.5-coder-0.5b")
    /// } catch let error as SystemLanguageModel.ModelLookupError {
    ///     print(error)   // model 'qwen2.5-coder-0.5b' is not installed (no …/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf); run 'fm models pull qwen2.5-coder-0.5b'
    /// }
    /// ```
    public struct ModelLookupError: Swift.Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
        /// Why the lookup failed; a struct so that reasons can be added.
        public struct Reason: Sendable, Hashable, CustomStringConvertible {
            enum Kind: Sendable, Hashable { case notInstalled, unknownName }
            let kind: Kind

            /// The name is known but its file is not in the models directory.
            public static let notInstalled = Reason(kind: .notInstalled)
            /// No known model has the name.
            public static let unknownName = Reason(kind: .unknownName)

            public var description: String {
                switch kind {
                case .notInstalled: "notInstalled"
                case .unknownName: "unknownName"
                }
            }
        }

        /// The name asked for.
        public let name: String
        public let reason: Reason
        /// Where the model's file was looked for (`nil` for an unknown name).
        public let expectedFile: URL?
        /// The names that are known, for the message.
        public let knownNames: [String]

        /// The command that installs the model, for a known name.
        public var pullCommand: String? { reason == .notInstalled ? "fm models pull \(name)" : nil }

        public var description: String {
            switch reason.kind {
            case .notInstalled:
                "model '\(name)' is not installed (no \(expectedFile?.path ?? "file")); run 'fm models pull \(name)'"
            case .unknownName:
                "no model named '\(name)'; known models: \(knownNames.joined(separator: ", ")) (or pass the path of a GGUF file)"
            }
        }

        public var errorDescription: String? { description }
    }
}
