/// A JSON Schema (draft 2020-12), prepared once and then used to validate any number of instances.
///
/// ```swift
/// let schema = try JSONSchema(["type": "object", "required": ["id"],
///                              "properties": ["id": ["type": "string"]]])
/// let result = schema.validate(["id": 7])
/// result.isValid                 // false
/// result.errors[0].description   // "/id: expected string, found integer"
/// ```
///
/// Every keyword of the 2020-12 core, applicator, unevaluated, validation, format and content
/// vocabularies is implemented. `format` is an annotation unless `Options.assertsFormat` is set
/// or the meta-schema enables the format-assertion vocabulary. `pattern` uses this module's own
/// ECMA-262 matcher (`ECMARegex`), not `NSRegularExpression`, whose ICU syntax differs.
public struct JSONSchema: Sendable {
    /// How a schema is prepared and applied.
    public struct Options: Sendable {
        /// Check `format` values (`date-time`, `email`, `ipv4`, ...) instead of only annotating.
        public var assertsFormat: Bool
        /// Where `$ref`s to other documents are found.
        public var registry: SchemaRegistry
        /// The URI of the schema document when it has no `$id`; relative references resolve against it.
        public var baseURI: String

        public init(assertsFormat: Bool = false, registry: SchemaRegistry = SchemaRegistry(),
                    baseURI: String = "urn:fm:json-schema:root") {
            self.assertsFormat = assertsFormat
            self.registry = registry
            self.baseURI = baseURI
        }
    }

    /// The schema document as given.
    public let schema: JSONValue
    private let index: SchemaIndex
    private let base: URIReference
    private let options: Options

    /// Prepares `schema`: indexes its `$id`s and anchors, loads referenced documents from the
    /// registry and compiles its patterns.
    /// - throws: `SchemaError` naming the schema location when a reference cannot be resolved,
    ///   a remote cannot be read or a pattern is not a valid ECMA-262 regular expression.
    public init(_ schema: JSONValue, options: Options = Options()) throws(SchemaError) {
        // The document's retrieval URI; a root `$id` is applied on top of it by the index and
        // by the evaluator, exactly as for any embedded resource.
        let base = URIReference(options.baseURI).withoutFragment
        self.schema = schema
        self.base = base
        self.options = options
        self.index = try SchemaIndex(root: schema, base: base, registry: options.registry)
    }

    /// Validates `instance`, returning every error found.
    public func validate(_ instance: JSONValue) -> ValidationResult {
        let evaluator = Evaluator(index: index, assertsFormat: options.assertsFormat)
        let vocabularies: Set<String>? = nil  // the root's `$schema` sets them in `evaluate`
        let scope = Evaluator.Scope(base: base, dynamicScope: [base.description], vocabularies: vocabularies, depth: 0)
        let outcome = evaluator.evaluate(schema, instance, at: Evaluator.Location(instance: "", keyword: ""), scope: scope)
        return ValidationResult(errors: outcome.errors)
    }
}
