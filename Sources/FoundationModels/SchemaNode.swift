import JSONCore

/// The shape of a schema, before it is turned into JSON Schema.
///
/// Other `@Generable` types are held as `.generable(Type.self)` and resolved only when the JSON
/// Schema is built, so a recursive type's `generationSchema` never recurses at run time.
indirect enum SchemaNode: Sendable {
    case string
    case integer
    case number
    case boolean
    /// Any JSON value (`GeneratedContent` itself).
    case any
    case generable(any Generable.Type)
    case array(SchemaNode, minimumCount: Int?, maximumCount: Int?)
    case object(name: String, description: String?, properties: [SchemaProperty])
    case stringChoices(name: String?, description: String?, choices: [String])
    case anyOf(name: String?, description: String?, choices: [SchemaNode])
    /// A value or `null`, for optionals outside of an object's properties.
    case optional(SchemaNode)
    /// A named schema among a dynamic schema's dependencies.
    case reference(String)
    case guided(SchemaNode, [GuideConstraint])
    /// A schema decoded from JSON Schema text (``GenerationSchema``'s `Decodable` conformance).
    case raw(JSONValue)
}

/// One property of an object schema.
struct SchemaProperty: Sendable {
    var name: String
    var description: String?
    var node: SchemaNode
    var isOptional: Bool
    /// For an optional property of an object made with `representNilExplicitlyInGeneratedContent:
    /// true`: the model writes the property always, as `null` when it has no value, so the
    /// property is required and may be `null` (otherwise the model leaves a nil property out).
    var representsNilExplicitly = false
}

extension [SchemaProperty] {
    /// The properties of an object whose nil optionals are written as `null` (`explicitNil`)
    /// or left out.
    func representingNil(explicitly explicitNil: Bool) -> [SchemaProperty] {
        map { property in
            var property = property
            property.representsNilExplicitly = explicitNil && property.isOptional
            return property
        }
    }
}
