extension GenerationSchema {
    /// A property of an object schema: its name, what it means, its type and guides.
    ///
    /// ```swift
    /// GenerationSchema.Property(name: "age", description: "Age in years", type: Int.self, guides: [.range(18...99)])
    /// ```
    public struct Property: Sendable {
        let storage: SchemaProperty

        /// Creates a required property of a generable type. Disfavored so that an optional type
        /// (`String?.self`, itself generable) picks the optional-property overload.
        @_disfavoredOverload
        public init<Value: Generable>(
            name: String, description: String? = nil, type: Value.Type, guides: [GenerationGuide<Value>] = []
        ) {
            storage = SchemaProperty(name: name, description: description,
                                     node: Self.node(.generable(Value.self), guides.flatMap(\.constraints)),
                                     isOptional: false)
        }

        /// Creates an optional property: the model may leave it out.
        public init<Value: Generable>(
            name: String, description: String? = nil, type: Value?.Type, guides: [GenerationGuide<Value>] = []
        ) {
            storage = SchemaProperty(name: name, description: description,
                                     node: Self.node(.generable(Value.self), guides.flatMap(\.constraints)),
                                     isOptional: true)
        }

        /// Creates a required string property whose value matches these regular expressions.
        public init<RegexOutput>(
            name: String, description: String? = nil, type: String.Type, guides: [Regex<RegexOutput>] = []
        ) {
            storage = SchemaProperty(name: name, description: description,
                                     node: Self.node(.string, guides.map(GuideConstraint.init(regex:))),
                                     isOptional: false)
        }

        /// Creates an optional string property whose value matches these regular expressions.
        /// Disfavored so that `guides: []` picks the generic overload.
        @_disfavoredOverload
        public init<RegexOutput>(
            name: String, description: String? = nil, type: String?.Type, guides: [Regex<RegexOutput>] = []
        ) {
            storage = SchemaProperty(name: name, description: description,
                                     node: Self.node(.string, guides.map(GuideConstraint.init(regex:))),
                                     isOptional: true)
        }

        init(storage: SchemaProperty) { self.storage = storage }

        /// The property's name.
        public var name: String { storage.name }

        /// What the property means, for the model.
        public var description: String? { storage.description }

        private static func node(_ base: SchemaNode, _ constraints: [GuideConstraint]) -> SchemaNode {
            constraints.isEmpty ? base : .guided(base, constraints)
        }
    }
}
