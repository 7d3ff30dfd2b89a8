/// A type that represents structured, generated content: the model's output before it is
/// converted to a Swift type.
///
/// Guided generation produces JSON; `GeneratedContent` keeps it in a form that remembers the
/// order of object keys (the order the schema declared them) and whether the value is still
/// being streamed.
///
/// ```swift
/// let content = try GeneratedContent(json: #"{"name": "Ana", "age": 30}"#)
/// let age = try content.value(Int.self, forProperty: "age")   // 30
/// ```
public struct GeneratedContent: Sendable, Equatable, CustomDebugStringConvertible {
    /// The kind of value a ``GeneratedContent`` holds.
    public enum Kind: Sendable, Equatable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([GeneratedContent])
        /// An object: its properties, and their keys in the order they were generated.
        case structure(properties: [String: GeneratedContent], orderedKeys: [String])
    }

    /// The value this content holds.
    public var kind: Kind

    /// The identity of this content across the snapshots of a stream, when it has one.
    public var id: GenerationID?

    /// Whether the value is finished: `false` for a prefix of JSON still being streamed.
    public var isComplete: Bool

    /// Creates content of the given kind.
    ///
    /// - parameter kind: The value.
    /// - parameter id: The identity to give it, if any.
    public init(kind: Kind, id: GenerationID? = nil) {
        self.kind = kind
        self.id = id
        self.isComplete = true
    }

    init(kind: Kind, id: GenerationID? = nil, isComplete: Bool) {
        self.kind = kind
        self.id = id
        self.isComplete = isComplete
    }

    /// Creates content from a value that converts to content.
    public init(_ value: some ConvertibleToGeneratedContent) {
        self = value.generatedContent
    }

    /// Creates content from a value that converts to content, with an identity.
    public init(_ value: some ConvertibleToGeneratedContent, id: GenerationID) {
        self = value.generatedContent
        self.id = id
    }

    /// Creates an object from key-value pairs, keeping their order.
    ///
    /// ```swift
    /// GeneratedContent(properties: ["title": "Soup", "difficulty": 2])
    /// ```
    public init(properties: KeyValuePairs<String, any ConvertibleToGeneratedContent>, id: GenerationID? = nil) {
        var values: [String: GeneratedContent] = [:]
        var keys: [String] = []
        for (key, value) in properties {
            if values.updateValue(value.generatedContent, forKey: key) == nil { keys.append(key) }
        }
        self.init(kind: .structure(properties: values, orderedKeys: keys), id: id)
    }

    /// Creates an object from a sequence of key-value pairs, resolving duplicate keys.
    public init<S: Sequence>(
        properties: S,
        id: GenerationID? = nil,
        uniquingKeysWith combine: (GeneratedContent, GeneratedContent) throws -> some ConvertibleToGeneratedContent
    ) rethrows where S.Element == (String, any ConvertibleToGeneratedContent) {
        var values: [String: GeneratedContent] = [:]
        var keys: [String] = []
        for (key, value) in properties {
            let content = value.generatedContent
            if let existing = values[key] {
                values[key] = try combine(existing, content).generatedContent
            } else {
                values[key] = content
                keys.append(key)
            }
        }
        self.init(kind: .structure(properties: values, orderedKeys: keys), id: id)
    }

    /// Creates an array from a sequence of elements.
    public init<S: Sequence>(elements: S, id: GenerationID? = nil) where S.Element == any ConvertibleToGeneratedContent {
        self.init(kind: .array(elements.map(\.generatedContent)), id: id)
    }

    /// Equality compares values, not identities or completeness.
    public static func == (lhs: GeneratedContent, rhs: GeneratedContent) -> Bool {
        lhs.kind == rhs.kind
    }

    public var debugDescription: String { jsonString }
}
