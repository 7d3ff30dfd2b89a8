/// Why a tokenizer could not be built from a GGUF file's metadata.
///
/// ```swift
/// do { _ = try Tokenizer(gguf: file) }
/// catch let error as TokenizerError { print(error) }  // "tokenizer.ggml.pre: 'foo' is not supported; …"
/// ```
public struct TokenizerError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The class of failure.
    public enum Kind: Sendable, Hashable {
        /// A required key is absent (e.g. `tokenizer.ggml.tokens`).
        case missingKey
        /// A key holds a value of the wrong type, length or range.
        case invalidValue
        /// `tokenizer.ggml.model` names a model this package does not implement.
        case unsupportedModel
        /// `tokenizer.ggml.pre` names a pre-tokenizer this package does not implement.
        case unsupportedPreTokenizer
    }

    /// The class of failure.
    public let kind: Kind
    /// The metadata key concerned.
    public let key: String
    /// What was wrong, naming the bad value and what is allowed.
    public let reason: String

    public init(kind: Kind, key: String, reason: String) {
        self.kind = kind
        self.key = key
        self.reason = reason
    }

    public var description: String { "\(key): \(reason)" }
}
