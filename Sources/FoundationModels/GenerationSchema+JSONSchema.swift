import JSONCore

extension GenerationSchema {
    /// The schema as JSON Schema (Draft 2020-12), the form the grammar compiler consumes.
    ///
    /// Objects list their properties in declaration order (also as `"x-order"`, since JSON
    /// objects are unordered), require every non-optional property and allow no others. An
    /// object made with `representNilExplicitlyInGeneratedContent: true` also requires its
    /// optional properties, each as `{"anyOf": [<schema>, {"type": "null"}]}`.
    /// Guides become `enum`, `const`, `pattern`, `minimum`, `maximum`, `minItems`, `maxItems`
    /// and `items`. A type that contains itself is written once under `$defs` and referred to
    /// with `$ref`.
    ///
    /// - throws: `LanguageModelSession.GenerationError.unsupportedGuide` for a guide that
    ///   cannot be expressed (a regex without source text, a guide on the wrong kind of value),
    ///   `GenerationSchema.SchemaError.undefinedReferences` for a reference to no dependency.
    package func jsonSchema() throws -> JSONValue {
        var builder = JSONSchemaBuilder(dependencies: dependencies)
        var schema = try builder.convert(root)
        if !builder.definitions.isEmpty, case .object(var object) = schema {
            object["$defs"] = .object(builder.definitions)
            schema = .object(object)
        }
        return schema
    }
}

/// Walks a ``SchemaNode`` tree and writes JSON Schema, resolving generable types lazily.
struct JSONSchemaBuilder {
    private var dependencies: [String: SchemaNode]
    private(set) var definitions = JSONObject()
    /// Generable types being converted, outermost first: meeting one again means recursion.
    private var typesInProgress: [ObjectIdentifier] = []
    private var recursiveTypes: Set<ObjectIdentifier> = []
    private var definitionNames: [ObjectIdentifier: String] = [:]

    init(dependencies: [String: SchemaNode]) { self.dependencies = dependencies }

    mutating func convert(_ node: SchemaNode) throws -> JSONValue {
        switch node {
        case .string: return ["type": "string"]
        case .integer: return ["type": "integer"]
        case .number: return ["type": "number"]
        case .boolean: return ["type": "boolean"]
        case .any: return .object(JSONObject())
        case .raw(let json): return json
        case .generable(let type): return try convert(type)
        case .array(let element, let minimum, let maximum):
            var object = JSONObject(schemaType: "array")
            object["items"] = try convert(element)
            if let minimum { object["minItems"] = .number(JSONNumber(minimum)) }
            if let maximum { object["maxItems"] = .number(JSONNumber(maximum)) }
            return .object(object)
        case .object(let name, let description, let properties):
            var object = JSONObject(schemaType: "object")
            object["title"] = .string(name)
            if let description { object["description"] = .string(description) }
            var propertySchemas = JSONObject()
            for property in properties {
                var schema = try convert(property.node)
                if property.representsNilExplicitly { schema = ["anyOf": [schema, ["type": "null"]]] }
                if let description = property.description, case .object(var annotated) = schema {
                    annotated["description"] = .string(description)
                    schema = .object(annotated)
                }
                propertySchemas[property.name] = schema
            }
            object["properties"] = .object(propertySchemas)
            object["required"] = .array(properties.filter { !$0.isOptional || $0.representsNilExplicitly }.map { .string($0.name) })
            object["x-order"] = .array(properties.map { .string($0.name) })
            object["additionalProperties"] = false
            return .object(object)
        case .stringChoices(let name, let description, let choices):
            var object = JSONObject(schemaType: "string")
            if let name { object["title"] = .string(name) }
            if let description { object["description"] = .string(description) }
            object["enum"] = .array(choices.map { .string($0) })
            return .object(object)
        case .anyOf(let name, let description, let choices):
            var object = JSONObject()
            if let name { object["title"] = .string(name) }
            if let description { object["description"] = .string(description) }
            object["anyOf"] = .array(try choices.map { try convert($0) })
            return .object(object)
        case .optional(let wrapped):
            return ["anyOf": [try convert(wrapped), ["type": "null"]]]
        case .reference(let name):
            return try reference(to: name)
        case .guided(let base, let constraints):
            var schema = try convert(base)
            for constraint in constraints { schema = try Self.apply(constraint, to: schema) }
            return schema
        }
    }

    private mutating func convert(_ type: any Generable.Type) throws -> JSONValue {
        let schema = type.generationSchema
        // Only named types (objects, enums, unions) can contain themselves; arrays and
        // optionals of them are written inline around the reference.
        switch schema.root {
        case .object, .anyOf, .stringChoices: break
        default: return try convert(schema.root, dependencies: schema.dependencies)
        }
        let id = ObjectIdentifier(type)
        if let name = definitionNames[id], definitions[name] != nil { return ["$ref": .string("#/$defs/\(name)")] }
        if typesInProgress.contains(id) {
            recursiveTypes.insert(id)
            return ["$ref": .string("#/$defs/\(definitionName(for: type))")]
        }
        typesInProgress.append(id)
        let result = Result { try convert(schema.root, dependencies: schema.dependencies) }
        typesInProgress.removeLast()
        let json = try result.get()
        guard recursiveTypes.contains(id) else { return json }
        let name = definitionName(for: type)
        definitions[name] = json
        return ["$ref": .string("#/$defs/\(name)")]
    }

    /// Converts a node of another schema, with that schema's named dependencies in scope.
    private mutating func convert(_ node: SchemaNode, dependencies extra: [String: SchemaNode]) throws -> JSONValue {
        guard !extra.isEmpty else { return try convert(node) }
        let outer = dependencies
        dependencies.merge(extra) { current, _ in current }
        defer { dependencies = outer }
        return try convert(node)
    }

    /// A `$defs` key for the type: its name, made unique if two types share one.
    private mutating func definitionName(for type: any Generable.Type) -> String {
        let id = ObjectIdentifier(type)
        if let name = definitionNames[id] { return name }
        let base = type.generationSchema.name.filter { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        var name = base.isEmpty ? "Type" : base
        var suffix = 2
        while definitionNames.values.contains(name) { name = "\(base)_\(suffix)"; suffix += 1 }
        definitionNames[id] = name
        return name
    }

    private mutating func reference(to name: String) throws -> JSONValue {
        let ref: JSONValue = ["$ref": .string("#/$defs/\(name)")]
        if definitions[name] != nil { return ref }
        guard let node = dependencies[name] else {
            throw GenerationSchema.SchemaError.undefinedReferences(
                schema: nil, references: [name],
                .init(debugDescription: "No dependency named '\(name)' was given to GenerationSchema(root:dependencies:)."))
        }
        definitions[name] = .object(JSONObject())  // placeholder: a self-reference resolves to it
        definitions[name] = try convert(node)
        return ref
    }

    /// Adds one guide's keyword, checking that the value kind allows it.
    static func apply(_ constraint: GuideConstraint, to schema: JSONValue) throws -> JSONValue {
        guard case .object(var object) = schema else { return schema }
        let type = object["type"]?.string
        func require(_ kinds: Set<String>, _ guide: String) throws {
            guard let type, kinds.contains(type) else {
                throw LanguageModelSession.GenerationError.unsupportedGuide(.init(
                    debugDescription: "The guide '\(guide)' applies to \(kinds.sorted().joined(separator: " or ")) values, not to \(type ?? "this schema")."))
            }
        }
        switch constraint {
        case .anyOf(let values):
            try require(["string"], "anyOf")
            object["enum"] = .array(values.map { .string($0) })
        case .constant(let value):
            try require(["string"], "constant")
            object["const"] = .string(value)
        case .pattern(let pattern):
            try require(["string"], "pattern")
            object["pattern"] = .string(pattern)
        case .opaquePattern:
            throw LanguageModelSession.GenerationError.unsupportedGuide(.init(
                debugDescription: "The pattern guide's regex has no source text (built with RegexBuilder?); only regex literals and Regex(String) patterns can be enforced."))
        case .minimum(let bound):
            try require(["integer", "number"], "minimum")
            object["minimum"] = .number(bound)
        case .maximum(let bound):
            try require(["integer", "number"], "maximum")
            object["maximum"] = .number(bound)
        case .minimumCount(let count):
            try require(["array"], "minimumCount")
            object["minItems"] = .number(JSONNumber(count))
        case .maximumCount(let count):
            try require(["array"], "maximumCount")
            object["maxItems"] = .number(JSONNumber(count))
        case .element(let constraints):
            try require(["array"], "element")
            var items = object["items"] ?? .object(JSONObject())
            for constraint in constraints { items = try apply(constraint, to: items) }
            object["items"] = items
        }
        return .object(object)
    }
}

extension JSONObject {
    /// An object schema's start: `{"type": <type>}`.
    init(schemaType: String) {
        self.init()
        self["type"] = .string(schemaType)
    }
}
