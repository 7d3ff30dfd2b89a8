import Foundation

extension GeneratedContent {
    /// A failure that occurs when a string cannot be parsed into generated content, with the
    /// raw content that failed.
    ///
    /// ```swift
    /// catch let error as GeneratedContent.ParsingError {
    ///     log(error.rawContent)   // the model's malformed output
    /// }
    /// ```
    public struct ParsingError: Error, LocalizedError, Sendable, CustomDebugStringConvertible {
        /// The raw content that could not be parsed.
        public var rawContent: String
        /// The underlying error that caused the parsing failure, if any.
        public var underlyingError: (any Error)?
        /// A debug description of what failed to parse.
        public var debugDescription: String

        /// Creates a parsing failure value.
        ///
        /// ```swift
        /// throw GeneratedContent.ParsingError(rawContent: text, debugDescription: "Expected '}' at offset 12.")
        /// ```
        /// - parameter rawContent: The raw content that could not be parsed.
        /// - parameter underlyingError: The underlying error that caused the parsing failure, if any.
        /// - parameter debugDescription: A debug description of what failed to parse.
        public init(rawContent: String, underlyingError: (any Error)? = nil, debugDescription: String) {
            self.rawContent = rawContent
            self.underlyingError = underlyingError
            self.debugDescription = debugDescription
        }

        /// A description of the failure with what failed to parse.
        public var errorDescription: String? {
            debugDescription.isEmpty
                ? "The content could not be parsed into generated content."
                : "The content could not be parsed into generated content: \(debugDescription)"
        }

        /// What failed to parse, or the underlying error's description.
        public var failureReason: String? {
            if !debugDescription.isEmpty { return debugDescription }
            return underlyingError.map { $0.localizedDescription }
        }
    }
}
