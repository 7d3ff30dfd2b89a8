@_exported import JSONCore
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
        /// Check the schema against the draft 2020-12 meta-schema first, so that a keyword
        /// with a value of the wrong shape (`"minLength": "3"`) is an error, not ignored.
        /// Schemas whose `$schema` names an older draft (draft-04 to 2019-09) are not checked:
        /// their meta-schemas are not shipped. They are applied with 2020-12 semantics plus
        /// the legacy `definitions`, `dependencies`, array-form `items` and `additionalItems`.
        public var validatesSchema: Bool

        public init(assertsFormat: Bool = false, registry: SchemaRegistry = SchemaRegistry(),
                    baseURI: String = "urn:fm:json-schema:root", validatesSchema: Bool = true) {
            self.assertsFormat = assertsFormat
            self.registry = registry
            self.baseURI = baseURI
            self.validatesSchema = validatesSchema
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
    ///   a remote cannot be read, a pattern is not a valid ECMA-262 regular expression or the
    ///   document nests deeper than `maximumSchemaNesting`.
    public init(_ schema: JSONValue, options: Options = Options()) throws(SchemaError) {
        if let path = schema.pointer(toNestingDeeperThan: Self.maximumSchemaNesting) {
            throw SchemaError(.tooDeeplyNested(limit: Self.maximumSchemaNesting), at: path)
        }
        if options.validatesSchema, !(schema["$schema"]?.string.map(SchemaIndex.isOlderDraft) ?? false) {
            let metaSchema = try Self.metaSchema.get()
            if let error = metaSchema.validate(schema).errors.first {
                let keyword = error.instancePath.split(separator: "/").last.map(String.init) ?? ""
                throw SchemaError(.invalidKeyword(keyword: keyword, reason: error.message), at: error.instancePath)
            }
        }
        // The document's retrieval URI; a root `$id` is applied on top of it by the index and
        // by the evaluator, exactly as for any embedded resource.
        let base = URIReference(options.baseURI).withoutFragment
        self.schema = schema
        self.base = base
        self.options = options
        self.index = try SchemaIndex(root: schema, base: base, registry: options.registry)
    }

    /// The draft 2020-12 meta-schema, prepared once.
    private static let metaSchema: Result<JSONSchema, SchemaError> = Result { () throws(SchemaError) in
        try JSONSchema(["$ref": "https://json-schema.org/draft/2020-12/schema"], options: Options(validatesSchema: false))
    }

    /// The deepest chain of subschema applications one validation follows (an instance nested
    /// as deeply as the parser allows, `JSONValue.maximumNestingDepth`, with a few schemas per
    /// level); past it, validation stops with `ValidationLimitError.Reason.nestingTooDeep`.
    public static let maximumEvaluationDepth = Evaluator.maximumDepth

    /// The deepest nesting of arrays and objects a schema document may have: the parser's
    /// (`JSONValue.maximumNestingDepth`), so that every schema read from text is accepted and a
    /// deeper one built in code is refused before anything recurses over it.
    public static let maximumSchemaNesting = JSONValue.maximumNestingDepth

    /// Validates `instance`, returning every error found.
    ///
    /// - returns: the errors; when a budget stopped validation before it could decide (subschemas
    ///   applied more than `maximumEvaluationDepth` levels deep, a `pattern` past
    ///   `ECMARegex.stepBudget` backtracking steps), `limitExceeded` says which, where, and
    ///   the instance is not valid.
    public func validate(_ instance: JSONValue) -> ValidationResult {
        // First on the caller's stack with small depth limits; deeply nested instances,
        // long reference chains or long regex inputs rerun on a thread with a large stack.
        let shallow = evaluate(instance, limits: .shallow)
        if !shallow.hitLimit { return shallow.result }
        return DeepStack.run { [self] in self.evaluate(instance, limits: .deep).result }
    }

    private func evaluate(_ instance: JSONValue, limits: Evaluator.Limits) -> (result: ValidationResult, hitLimit: Bool) {
        let exhaustion = Evaluator.Exhaustion()
        let evaluator = Evaluator(index: index, assertsFormat: options.assertsFormat, limits: limits, exhaustion: exhaustion)
        let scope = Evaluator.Scope(base: base, dynamicScope: ScopeChain(base.description, parent: nil), vocabularies: nil, depth: 0)
        let outcome = evaluator.evaluate(schema, instance, at: Evaluator.Location(instance: "", keyword: ""), scope: scope)
        guard let limit = exhaustion.limitError else { return (ValidationResult(errors: outcome.errors), exhaustion.hitLimit) }
        // The error the stopped keyword reported in its place says less than the limit error.
        let others = outcome.errors.filter { $0.instancePath != limit.instancePath || $0.keywordLocation != limit.keywordLocation }
        return (ValidationResult(errors: others + [limit.validationError], limitExceeded: limit), exhaustion.hitLimit)
    }
}
