/// A schema built at run time, from data rather than from Swift types; turn it into a
/// ``GenerationSchema`` with ``GenerationSchema/init(root:dependencies:)``.
///
/// Schemas can refer to each other by name, so they can be recursive.
///
/// ```swift
/// let menu = DynamicGenerationSchema(name: "Menu", properties: [
///     .init(name: "dish", schema: .init(type: String.self)),
///     .init(name: "size", schema: .init(name: "Size", anyOf: ["small", "large"]), isOptional: true),
/// ])
/// let schema = try GenerationSchema(root: menu, dependencies: [])
/// ```
public struct DynamicGenerationSchema: Sendable {
    let node: SchemaNode
    /// The schema's name when it has one (objects, choices, references).
    let name: String?

    /// Creates an object schema.
    public init(name: String, description: String? = nil, properties: [DynamicGenerationSchema.Property]) {
        node = .object(name: name, description: description, properties: properties.map(\.storage))
        self.name = name
    }

    /// Creates an object schema whose `nil` optional properties the model writes as `null`
    /// (`true`) or leaves out (`false`).
    ///
    /// ```swift
    /// DynamicGenerationSchema(name: "Contact", representNilExplicitlyInGeneratedContent: true, properties: [
    ///     .init(name: "phone", schema: .init(type: String.self), isOptional: true),   // "phone": null when unknown
    /// ])
    /// ```
    /// - parameter name: A name this dynamic schema can be referenced by.
    /// - parameter description: A natural language description of this schema.
    /// - parameter explicitNil: Whether every optional property is generated, as `null` when
    ///   it has no value.
    /// - parameter properties: The properties associated with this schema.
    public init(name: String, description: String? = nil, representNilExplicitlyInGeneratedContent explicitNil: Bool,
                properties: [DynamicGenerationSchema.Property]) {
        node = .object(name: name, description: description, properties: properties.map(\.storage).representingNil(explicitly: explicitNil))
        self.name = name
    }

    /// A schema whose only value is `null`, for values that must be present but may be empty.
    ///
    /// ```swift
    /// DynamicGenerationSchema(name: "NullablePerson", anyOf: [person, .null])
    /// ```
    public static var null: DynamicGenerationSchema { DynamicGenerationSchema(node: .raw(["type": "null"]), name: nil) }

    init(node: SchemaNode, name: String?) {
        self.node = node
        self.name = name
    }

    /// Creates a schema whose value is one of these schemas' values.
    public init(name: String, description: String? = nil, anyOf choices: [DynamicGenerationSchema]) {
        node = .anyOf(name: name, description: description, choices: choices.map(\.node))
        self.name = name
    }

    /// Creates a schema whose value is one of these strings.
    public init(name: String, description: String? = nil, anyOf choices: [String]) {
        node = .stringChoices(name: name, description: description, choices: choices)
        self.name = name
    }

    /// Creates an array schema with an optional element count range.
    public init(arrayOf itemSchema: DynamicGenerationSchema, minimumElements: Int? = nil, maximumElements: Int? = nil) {
        node = .array(itemSchema.node, minimumCount: minimumElements, maximumCount: maximumElements)
        name = nil
    }

    /// Creates the schema of a generable type, with guides.
    public init<Value: Generable>(type: Value.Type, guides: [GenerationGuide<Value>] = []) {
        let constraints = guides.flatMap(\.constraints)
        node = constraints.isEmpty ? .generable(Value.self) : .guided(.generable(Value.self), constraints)
        name = nil
    }

    /// Creates a reference to another schema by name, resolved among the dependencies.
    public init(referenceTo name: String) {
        node = .reference(name)
        self.name = nil
    }

    /// A property of a dynamic object schema.
    public struct Property: Sendable {
        let storage: SchemaProperty

        /// Creates a property; an optional property may be left out by the model.
        public init(name: String, description: String? = nil, schema: DynamicGenerationSchema, isOptional: Bool = false) {
            storage = SchemaProperty(name: name, description: description, node: schema.node, isOptional: isOptional)
        }
    }
}
