import Foundation

extension GenerationSchema {
    /// An error in a schema built at run time: duplicate names, no choices, or references to
    /// schemas that were not given.
    public enum SchemaError: Error, LocalizedError, Sendable {
        /// What went wrong, in words.
        public struct Context: Sendable {
            public let debugDescription: String

            public init(debugDescription: String) { self.debugDescription = debugDescription }
        }

        /// An object schema lists the same property name twice.
        case duplicateProperty(schema: String, property: String, Context)
        /// Two schemas have the same name.
        case duplicateType(schema: String?, type: String, Context)
        /// An `anyOf` schema has no choices.
        case emptyTypeChoices(schema: String, Context)
        /// A schema refers by name to schemas that are not among the dependencies.
        case undefinedReferences(schema: String?, references: [String], Context)

        public var errorDescription: String? {
            switch self {
            case .duplicateProperty(let schema, let property, _):
                "The schema '\(schema)' has more than one property named '\(property)'."
            case .duplicateType(let schema, let type, _):
                "More than one schema is named '\(type)'\(schema.map { " (in '\($0)')" } ?? "")."
            case .emptyTypeChoices(let schema, _):
                "The schema '\(schema)' offers no choices."
            case .undefinedReferences(let schema, let references, _):
                "The schema\(schema.map { " '\($0)'" } ?? "") refers to undefined schemas: \(references.joined(separator: ", "))."
            }
        }

        public var recoverySuggestion: String? {
            switch self {
            case .duplicateProperty: "Give each property a unique name."
            case .duplicateType: "Give each schema a unique name."
            case .emptyTypeChoices: "Give the schema at least one choice."
            case .undefinedReferences: "Pass every referenced schema in `dependencies`."
            }
        }
    }
}
