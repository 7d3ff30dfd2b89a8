import Foundation

/// Why a model file cannot be run by the engine. Every case names the file, and the tensor or
/// metadata key that was wrong.
///
/// ```swift
/// do { _ = try LanguageModel(contentsOf: url) }
/// catch let error as LanguageModelError { print(error) }   // "model.gguf: tensor 'blk.0.attn_q.weight' ..."
/// ```
public struct LanguageModelError: Error, CustomStringConvertible, Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// `general.architecture` names an architecture the engine has no forward pass for.
        case unsupportedArchitecture(String)
        /// A tensor's element type has no kernels.
        case unsupportedTensorType(tensor: String, type: String)
        /// A tensor the architecture needs is absent.
        case missingTensor(String)
        /// A tensor's dimensions differ from what the hyperparameters imply.
        case badTensorShape(tensor: String, expected: [Int], actual: [Int])
        /// A required metadata key is absent.
        case missingMetadata(String)
        /// A metadata value is outside what the engine accepts.
        case invalidMetadata(key: String, value: String, allowed: String)
        /// Worker threads could not be started.
        case threadCreationFailed(Int)
    }

    public let kind: Kind
    /// The model file.
    public let url: URL

    public init(_ kind: Kind, url: URL) {
        self.kind = kind
        self.url = url
    }

    public var description: String {
        let file = url.lastPathComponent
        switch kind {
        case .unsupportedArchitecture(let name):
            return "\(file): unsupported architecture '\(name)' (supported: llama, qwen2, gemma3)"
        case .unsupportedTensorType(let tensor, let type):
            return "\(file): tensor '\(tensor)' has type \(type), which the engine cannot compute with (supported: F32, F16, BF16, Q4_0, Q4_1, Q5_0, Q5_1, Q8_0, Q4_K, Q5_K, Q6_K)"
        case .missingTensor(let tensor):
            return "\(file): required tensor '\(tensor)' is missing"
        case .badTensorShape(let tensor, let expected, let actual):
            return "\(file): tensor '\(tensor)' has dimensions \(actual), expected \(expected)"
        case .missingMetadata(let key):
            return "\(file): required metadata key '\(key)' is missing"
        case .invalidMetadata(let key, let value, let allowed):
            return "\(file): metadata '\(key)' = \(value) is invalid (allowed: \(allowed))"
        case .threadCreationFailed(let count):
            return "\(file): could not start \(count) worker threads"
        }
    }
}
