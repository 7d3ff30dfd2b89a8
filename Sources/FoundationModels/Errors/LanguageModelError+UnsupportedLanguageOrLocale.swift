import Foundation

extension LanguageModelError {
    /// Information about an unsupported language or locale: the language the model was
    /// prompted to respond in.
    ///
    /// ```swift
    /// catch LanguageModelError.unsupportedLanguageOrLocale(let failure) {
    ///     print("No support for \(failure.languageCode.identifier)")
    /// }
    /// ```
    public struct UnsupportedLanguageOrLocale: Sendable {
        /// The language code that the model doesn't support.
        public var languageCode: Locale.LanguageCode
        /// A debug description to help developers diagnose issues during development.
        public var debugDescription: String
        /// Additional information about the failure, keyed by name.
        public var metadata: [String: any Sendable]

        /// Creates information describing a language or locale the model doesn't support.
        ///
        /// - parameter languageCode: The language code that the model doesn't support.
        /// - parameter debugDescription: A debug description to help developers diagnose issues during development.
        /// - parameter metadata: Additional information about the failure, keyed by name.
        public init(languageCode: Locale.LanguageCode, debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.languageCode = languageCode
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }
}
