import JSONCore
/// Applies a prepared schema to an instance, collecting errors and the annotations
/// (`evaluated properties/items`) that `unevaluatedProperties`/`unevaluatedItems` need.
///
/// One evaluator serves one `validate` call; it holds no mutable state of its own, so a
/// `JSONSchema` can validate from many tasks at once.
struct Evaluator {
    let index: SchemaIndex
    let assertsFormat: Bool
    /// How deep schema application and regex backtracking may recurse in this run.
    let limits: Limits
    /// Set when a limit was hit, so `JSONSchema.validate` can rerun on a deeper stack.
    let exhaustion: Exhaustion

    struct Limits {
        var schemaDepth: Int
        var regexDepth: Int
        /// Whether this run already has a large stack (hitting a limit is then final).
        var isDeep: Bool

        /// Small enough for the stack of any thread, including Swift concurrency's.
        static let shallow = Limits(schemaDepth: 96, regexDepth: ECMARegex.shallowDepthLimit, isDeep: false)
        /// For `DeepStack`'s thread.
        static let deep = Limits(schemaDepth: maximumDepth, regexDepth: ECMARegex.deepDepthLimit, isDeep: true)
    }

    /// Records the limits a run hit. One per run of a `validate` call, never shared.
    final class Exhaustion {
        /// A shallow run hit a depth limit: the run is repeated on a deep stack.
        var hitLimit = false
        /// The first budget spent for good (any limit of a deep run, the regex step budget of
        /// either): the run's answer is "undecided".
        var limitError: ValidationLimitError?

        func record(_ reason: ValidationLimitError.Reason, at location: Location) {
            if limitError == nil {
                limitError = ValidationLimitError(reason, instancePath: location.instance, keywordLocation: location.keyword)
            }
        }
    }

    /// Pattern matching within this run's limits; nil when a limit stopped the match. A depth
    /// overrun in a shallow run is noted (the run will be repeated); the step budget, or a depth
    /// overrun in a deep run, is recorded as the run's `limitError`. Callers treat nil as no
    /// match and go on, so that the other errors are still found.
    func matches(_ regex: ECMARegex, _ string: String, at location: Location) -> Bool? {
        switch regex.match(in: string, depthLimit: limits.regexDepth) {
        case .matched: return true
        case .notMatched: return false
        case .exhaustedSteps:
            exhaustion.record(.regexBudgetExhausted(pattern: regex.pattern, budget: ECMARegex.stepBudget), at: location)
            return nil
        case .exhaustedDepth:
            if limits.isDeep {
                exhaustion.record(.regexTooDeep(pattern: regex.pattern, limit: limits.regexDepth), at: location)
            } else {
                exhaustion.hitLimit = true
            }
            return nil
        }
    }

    /// The deepest chain of subschema applications followed before giving up, so that no
    /// schema and instance can overflow the stack. Enough for instances nested as deeply as
    /// the parser allows (`JSONValue.maximumNestingDepth`) with a few schemas per level.
    static let maximumDepth = 2_000

    /// Where evaluation stands in the schema: base URI for relative references, the dynamic
    /// scope (resources entered, outermost first) for `$dynamicRef`, and the vocabularies on.
    struct Scope {
        var base: URIReference
        /// Resource URIs entered, innermost on top.
        var dynamicScope: ScopeChain<String>
        var vocabularies: Set<String>?
        var depth: Int
        /// `reference target + instance path` of every `$ref`/`$dynamicRef` being followed:
        /// meeting one again means a cycle that consumes no input (`{"$ref": "#"}`).
        var referencesInProgress: ScopeChain<String>?
        /// Inside a resource whose `$schema` names an older draft, whose keywords 2020-12
        /// added (`prefixItems`, `$dynamicRef`, `$dynamicAnchor`) mean nothing.
        var isOlderDraft = false

        func uses(_ vocabulary: Vocabulary) -> Bool {
            vocabularies.map { $0.contains(vocabulary.rawValue) } ?? true
        }
    }

    enum Vocabulary: String {
        case applicator = "https://json-schema.org/draft/2020-12/vocab/applicator"
        case unevaluated = "https://json-schema.org/draft/2020-12/vocab/unevaluated"
        case validation = "https://json-schema.org/draft/2020-12/vocab/validation"
        case formatAssertion = "https://json-schema.org/draft/2020-12/vocab/format-assertion"
    }

    /// What applying one schema to one instance location produced.
    struct Outcome {
        var errors: [ValidationError] = []
        /// Property names of this instance location that some keyword evaluated successfully.
        var evaluatedProperties: Set<String> = []
        /// Indices of this instance location that some keyword evaluated successfully.
        var evaluatedItems: Set<Int> = []

        var isValid: Bool { errors.isEmpty }

        /// Takes the annotations of a successful in-place subschema (`allOf`, `$ref`, ...).
        mutating func absorbAnnotations(of other: Outcome) {
            guard other.isValid else { return }
            evaluatedProperties.formUnion(other.evaluatedProperties)
            evaluatedItems.formUnion(other.evaluatedItems)
        }
    }

    /// Location of the current evaluation step, for error reporting.
    struct Location {
        var instance: String
        var keyword: String

        func error(_ keyword: String, _ message: String) -> ValidationError {
            ValidationError(instancePath: instance, keywordLocation: self.keyword.appendingPointerToken(keyword), message: message)
        }

        func keyword(_ path: String...) -> Location {
            var copy = self
            for token in path { copy.keyword = copy.keyword.appendingPointerToken(token) }
            return copy
        }

        func keyword(_ token: String, _ index: Int) -> Location {
            var copy = self
            copy.keyword = copy.keyword.appendingPointerToken(token).appendingPointerToken(index)
            return copy
        }

        func instance(_ token: String) -> Location {
            var copy = self
            copy.instance = copy.instance.appendingPointerToken(token)
            return copy
        }

        func instance(_ index: Int) -> Location {
            var copy = self
            copy.instance = copy.instance.appendingPointerToken(index)
            return copy
        }
    }

    /// Applies `schema` to `instance`.
    /// - parameter baseIncludesID: true when `scope.base` already is the schema's own `$id`
    ///   (the schema was reached by URI through `$ref`), so the `$id` must not be applied twice.
    func evaluate(_ schema: JSONValue, _ instance: JSONValue, at location: Location, scope: Scope, baseIncludesID: Bool = false) -> Outcome {
        var outcome = Outcome()
        switch schema {
        case .bool(true):
            return outcome
        case .bool(false):
            outcome.errors.append(ValidationError(instancePath: location.instance, keywordLocation: location.keyword,
                                                  message: "no value is allowed here (schema is false)"))
            return outcome
        case .object(let object):
            guard scope.depth < limits.schemaDepth else {
                if limits.isDeep {
                    exhaustion.record(.nestingTooDeep(limit: limits.schemaDepth), at: location)
                } else {
                    exhaustion.hitLimit = true
                }
                // Not valid, so that no enclosing keyword takes this branch as a success.
                outcome.errors.append(ValidationError(
                    instancePath: location.instance, keywordLocation: location.keyword,
                    message: "schema applied more than \(limits.schemaDepth) levels deep"))
                return outcome
            }
            var scope = scope
            scope.depth += 1
            if let id = object["$id"]?.string, !baseIncludesID {
                scope.base = scope.base.resolving(id).withoutFragment
                if scope.dynamicScope.element != scope.base.description {
                    scope.dynamicScope = ScopeChain(scope.base.description, parent: scope.dynamicScope)
                }
            }
            if let metaSchema = object["$schema"]?.string {
                let uri = scope.base.resolving(metaSchema).withoutFragment.description
                scope.vocabularies = index.vocabularies(of: uri)
                scope.isOlderDraft = SchemaIndex.isOlderDraft(metaSchema)
            }
            evaluateKeywords(object, instance, at: location, scope: scope, into: &outcome)
            return outcome
        default:
            // Not a schema; the meta-schema would reject it. Treat it as allowing everything.
            return outcome
        }
    }
}
