extension GenerationSchema {
    /// Creates a schema from a dynamic schema and the named schemas it refers to.
    ///
    /// ```swift
    /// let schema = try GenerationSchema(root: menu, dependencies: [size])
    /// ```
    /// - parameter root: The schema of the value to generate.
    /// - parameter dependencies: Named schemas that `root` (or each other) refer to by name.
    /// - throws: ``SchemaError/duplicateType(schema:type:_:)`` when two schemas share a name,
    ///   ``SchemaError/duplicateProperty(schema:property:_:)`` when an object repeats a property,
    ///   ``SchemaError/emptyTypeChoices(schema:_:)`` for an `anyOf` without choices, and
    ///   ``SchemaError/undefinedReferences(schema:references:_:)`` for names not defined.
    public init(root: DynamicGenerationSchema, dependencies: [DynamicGenerationSchema]) throws {
        var named: [String: SchemaNode] = [:]
        for dependency in [root] + dependencies {
            guard let name = dependency.name else { continue }
            if named.updateValue(dependency.node, forKey: name) != nil {
                throw SchemaError.duplicateType(schema: root.name, type: name,
                                                .init(debugDescription: "Two schemas are named '\(name)'."))
            }
        }
        var references: [String] = []
        for node in [root.node] + dependencies.map(\.node) { try Self.check(node, references: &references) }
        let undefined = references.filter { named[$0] == nil }
        if !undefined.isEmpty {
            var seen: Set<String> = []
            let unique = undefined.filter { seen.insert($0).inserted }
            throw SchemaError.undefinedReferences(
                schema: root.name, references: unique,
                .init(debugDescription: "Undefined references: \(unique.joined(separator: ", "))."))
        }
        self.init(node: root.node, dependencies: named)
    }

    /// Checks one node: unique property names, non-empty choices; collects references.
    private static func check(_ node: SchemaNode, references: inout [String]) throws {
        switch node {
        case .object(let name, _, let properties):
            var seen: Set<String> = []
            for property in properties {
                guard seen.insert(property.name).inserted else {
                    throw SchemaError.duplicateProperty(schema: name, property: property.name,
                        .init(debugDescription: "The object '\(name)' lists '\(property.name)' twice."))
                }
                try check(property.node, references: &references)
            }
        case .anyOf(let name, _, let choices):
            if choices.isEmpty {
                throw SchemaError.emptyTypeChoices(schema: name ?? "anyOf", .init(debugDescription: "An anyOf schema needs a choice."))
            }
            for choice in choices { try check(choice, references: &references) }
        case .stringChoices(let name, _, let choices):
            if choices.isEmpty {
                throw SchemaError.emptyTypeChoices(schema: name ?? "anyOf", .init(debugDescription: "An anyOf schema needs a choice."))
            }
        case .array(let element, _, _): try check(element, references: &references)
        case .optional(let wrapped): try check(wrapped, references: &references)
        case .guided(let base, _): try check(base, references: &references)
        case .reference(let name): references.append(name)
        case .string, .integer, .number, .boolean, .any, .generable, .raw: break
        }
    }
}
