extension GenerationSchema {
    /// One case of an enum with associated values, as the `@Generable` macro describes it.
    /// Support for the macro; not for direct use.
    ///
    /// Such a case is generated as an object `{"case": "<name>", <associated values>}`.
    public struct _TaggedCase: Sendable {
        let name: String
        let properties: [GenerationSchema.Property]

        public init(name: String, properties: [GenerationSchema.Property]) {
            self.name = name
            self.properties = properties
        }
    }

    /// Creates the schema of an enum whose cases carry associated values: one object shape
    /// per case, told apart by a constant `"case"` property. Support for the `@Generable` macro.
    ///
    /// With `representNilExplicitlyInGeneratedContent`, optional associated values are
    /// generated always, as `null` when absent.
    public init(type: any Generable.Type, description: String? = nil, representNilExplicitlyInGeneratedContent explicitNil: Bool = false,
                _taggedCases cases: [_TaggedCase]) {
        let typeName = Self.typeName(type)
        let choices = cases.map { taggedCase -> SchemaNode in
            let tag = SchemaProperty(name: "case", description: nil,
                                     node: .guided(.string, [.constant(taggedCase.name)]), isOptional: false)
            return .object(name: "\(typeName).\(taggedCase.name)", description: nil,
                           properties: [tag] + taggedCase.properties.map(\.storage).representingNil(explicitly: explicitNil))
        }
        self.init(node: .anyOf(name: typeName, description: description, choices: choices))
    }
}
