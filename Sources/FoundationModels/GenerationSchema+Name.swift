extension GenerationSchema {
    /// The name of this generation schema.
    ///
    /// Typically the name of a Swift type (or the `name:` given to `@Generable`), but it can be
    /// an arbitrary string for schemas created dynamically; it titles the JSON Schema and names
    /// the structured segments of responses that follow it.
    ///
    /// ```swift
    /// RecipeCard.generationSchema.name   // "RecipeCard"
    /// [String].generationSchema.name     // "Array<String>"
    /// ```
    public var name: String { explicitName ?? root.schemaName }

    /// This schema under another name: the name `@Generable(name:)` gives a type's schema.
    /// Support for the macro; not for direct use.
    ///
    /// Renames the root object, enum or union, and the case objects of an enum with associated
    /// values, which are named `<type>.<case>`.
    public func _named(_ name: String) -> GenerationSchema {
        GenerationSchema(node: root.renamed(from: self.name, to: name), dependencies: dependencies, name: name)
    }
}

extension SchemaNode {
    /// The name a schema with this root has.
    var schemaName: String {
        switch self {
        case .object(let name, _, _): name
        case .stringChoices(let name, _, _), .anyOf(let name, _, _): name ?? "anyOf"
        case .string: "String"
        case .integer: "Int"
        case .number: "Double"
        case .boolean: "Bool"
        case .any: "GeneratedContent"
        case .generable(let type): type.generationSchema.name
        case .array(let element, _, _): "Array<\(element.schemaName)>"
        case .optional(let wrapped): "Optional<\(wrapped.schemaName)>"
        case .reference(let name): name
        case .guided(let base, _): base.schemaName
        case .raw(let json): json["title"]?.string ?? "schema"
        }
    }

    /// The node with its own name, and `<old>.<case>` names below it, changed.
    func renamed(from old: String, to new: String) -> SchemaNode {
        switch self {
        case .object(_, let description, let properties):
            return .object(name: new, description: description, properties: properties)
        case .stringChoices(_, let description, let choices):
            return .stringChoices(name: new, description: description, choices: choices)
        case .anyOf(_, let description, let choices):
            let prefix = old + "."
            let renamedChoices = choices.map { choice -> SchemaNode in
                guard case .object(let name, let caseDescription, let properties) = choice, name.hasPrefix(prefix) else { return choice }
                return .object(name: new + "." + name.dropFirst(prefix.count), description: caseDescription, properties: properties)
            }
            return .anyOf(name: new, description: description, choices: renamedChoices)
        case .guided(let base, let constraints):
            return .guided(base.renamed(from: old, to: new), constraints)
        case .raw(.object(var object)):
            object["title"] = .string(new)
            return .raw(.object(object))
        default:
            return self
        }
    }
}
