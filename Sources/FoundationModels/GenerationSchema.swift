import Foundation
import JSONCore

/// The schema of a generable type: its properties, their descriptions and guides, which guided
/// generation turns into a grammar the model's output must follow.
///
/// `@Generable` writes a type's schema; build one by hand for content known only at run time,
/// or from a ``DynamicGenerationSchema``.
///
/// ```swift
/// let schema = GenerationSchema(type: RecipeCard.self, description: "A recipe", properties: [
///     .init(name: "title", type: String.self),
///     .init(name: "difficulty", type: Int.self, guides: [.range(1...5)]),
/// ])
/// ```
public struct GenerationSchema: Sendable, CustomDebugStringConvertible {
    let root: SchemaNode
    /// Named schemas that `.reference(name)` nodes point at (from dynamic schemas).
    let dependencies: [String: SchemaNode]
    /// The name when the root node does not carry one (a standard type's schema).
    let explicitName: String?

    init(node: SchemaNode, dependencies: [String: SchemaNode] = [:], name: String? = nil) {
        self.root = node
        self.dependencies = dependencies
        explicitName = name
    }

    /// Creates the schema of an object type with these properties, in this order.
    ///
    /// - parameter type: The type the schema describes; its name titles the schema.
    /// - parameter description: What the type is, for the model.
    /// - parameter properties: The properties in the order the model should generate them.
    public init(type: any Generable.Type, description: String? = nil, properties: [GenerationSchema.Property]) {
        self.init(node: .object(name: Self.typeName(type), description: description, properties: properties.map(\.storage)))
    }

    /// Creates the schema of an object type whose `nil` optional properties the model writes as
    /// `null` (`true`) or leaves out (`false`, as ``init(type:description:properties:)`` does).
    ///
    /// ```swift
    /// let schema = GenerationSchema(type: Contact.self, representNilExplicitlyInGeneratedContent: true, properties: [
    ///     .init(name: "name", type: String.self),
    ///     .init(name: "phone", type: String?.self),   // required, string or null
    /// ])
    /// ```
    /// - parameter type: The type the schema describes; its name titles the schema.
    /// - parameter description: What the type is, for the model.
    /// - parameter explicitNil: Whether every optional property is generated, as `null` when
    ///   it has no value.
    /// - parameter properties: The properties in the order the model should generate them.
    public init(type: any Generable.Type, description: String? = nil, representNilExplicitlyInGeneratedContent explicitNil: Bool,
                properties: [GenerationSchema.Property]) {
        self.init(node: .object(name: Self.typeName(type), description: description,
                                properties: properties.map(\.storage).representingNil(explicitly: explicitNil)))
    }

    /// Creates the schema of a type whose values are one of these strings (an enum).
    public init(type: any Generable.Type, description: String? = nil, anyOf choices: [String]) {
        self.init(node: .stringChoices(name: Self.typeName(type), description: description, choices: choices))
    }

    /// Creates the schema of a type whose values are values of one of these types.
    public init(type: any Generable.Type, description: String? = nil, anyOf types: [any Generable.Type]) {
        self.init(node: .anyOf(name: Self.typeName(type), description: description, choices: types.map { .generable($0) }))
    }

    /// A type's name as a schema title: the name without its module.
    static func typeName(_ type: any Any.Type) -> String {
        String(describing: type)
    }

    public var debugDescription: String {
        (try? jsonSchema().serialized(.init(indentation: 2))) ?? "GenerationSchema(<invalid>)"
    }
}
