import JSONCore
/// One reason an instance does not conform, located in both the instance and the schema.
///
/// ```swift
/// // invalid: /quantity: expected integer, found string
/// ValidationError(instancePath: "/quantity", keywordLocation: "/properties/quantity/type",
///                 message: "expected integer, found string")
/// ```
public struct ValidationError: Sendable, Hashable, CustomStringConvertible {
    /// JSON Pointer (RFC 6901) to the failing value in the instance; `""` is the whole instance.
    public let instancePath: String
    /// The path of keywords followed from the schema root to the failing keyword, including
    /// `$ref` hops (the "keywordLocation" of the JSON Schema output format).
    public let keywordLocation: String
    /// A readable reason naming the expected and the found values.
    public let message: String

    public init(instancePath: String, keywordLocation: String, message: String) {
        self.instancePath = instancePath
        self.keywordLocation = keywordLocation
        self.message = message
    }

    /// `<instance path>: <message>`, with `/` standing for the root.
    public var description: String {
        "\(instancePath.isEmpty ? "/" : instancePath): \(message)"
    }
}
