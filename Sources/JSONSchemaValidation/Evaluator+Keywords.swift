import JSONCore
extension Evaluator {
    /// Applies every keyword of a schema object. `unevaluated*` run last because they depend on
    /// the annotations the others produce.
    func evaluateKeywords(_ schema: JSONObject, _ instance: JSONValue, at location: Location, scope: Scope, into outcome: inout Outcome) {
        evaluateReferences(schema, instance, at: location, scope: scope, into: &outcome)
        if scope.uses(.validation) {
            evaluateAnyTypeAssertions(schema, instance, at: location, into: &outcome)
            switch instance {
            case .number(let number): evaluateNumberAssertions(schema, number, at: location, into: &outcome)
            case .string(let string): evaluateStringAssertions(schema, string, at: location, into: &outcome)
            case .array(let array): evaluateArrayAssertions(schema, array, at: location, into: &outcome)
            case .object(let object): evaluateObjectAssertions(schema, object, at: location, into: &outcome)
            default: break
            }
        }
        if let format = schema["format"]?.string, assertsFormat || scope.uses(.formatAssertion) && scope.vocabularies != nil {
            if let problem = FormatChecker.problem(with: instance, format: format) {
                outcome.errors.append(location.error("format", problem))
            }
        }
        if scope.uses(.applicator) {
            evaluateInPlaceApplicators(schema, instance, at: location, scope: scope, into: &outcome)
            switch instance {
            case .array(let array): evaluateArrayApplicators(schema, array, at: location, scope: scope, into: &outcome)
            case .object(let object): evaluateObjectApplicators(schema, object, at: location, scope: scope, into: &outcome)
            default: break
            }
        }
        if scope.uses(.unevaluated) {
            evaluateUnevaluated(schema, instance, at: location, scope: scope, into: &outcome)
        }
    }

    // MARK: - $ref and $dynamicRef

    private func evaluateReferences(_ schema: JSONObject, _ instance: JSONValue, at location: Location, scope: Scope, into outcome: inout Outcome) {
        if let reference = schema["$ref"]?.string {
            let target = index.resolve(reference, against: scope.base)
            follow(target, keyword: "$ref", instance, at: location, scope: scope, into: &outcome)
        }
        if !scope.isOlderDraft, let reference = schema["$dynamicRef"]?.string {
            var target = index.resolve(reference, against: scope.base)
            // Only an initial target that is itself a dynamic anchor is resolved dynamically:
            // the outermost resource in the dynamic scope that declares the same anchor wins.
            if let fragment = target.fragment, !fragment.isEmpty, !fragment.hasPrefix("/"),
                index.isDynamicAnchor(target.description)
            {
                for resource in scope.dynamicScope.elementsFromBottom where index.isDynamicAnchor(resource + "#" + fragment) {
                    target = URIReference(resource + "#" + fragment)
                    break
                }
            }
            follow(target, keyword: "$dynamicRef", instance, at: location, scope: scope, into: &outcome)
        }
    }

    private func follow(_ target: URIReference, keyword: String, _ instance: JSONValue, at location: Location, scope: Scope, into outcome: inout Outcome) {
        guard let located = index.resolve(target) else {
            outcome.errors.append(location.error(keyword, "cannot resolve reference '\(target)'"))
            return
        }
        var inner = scope
        let visit = target.description + " @ " + location.instance
        guard !(inner.referencesInProgress?.contains(visit) ?? false) else {
            outcome.errors.append(location.error(keyword, "reference cycle: '\(target)' applies to this value again without consuming it"))
            return
        }
        inner.base = located.base
        inner.referencesInProgress = ScopeChain(visit, parent: inner.referencesInProgress)
        if inner.dynamicScope.element != located.base.description {
            inner.dynamicScope = ScopeChain(located.base.description, parent: inner.dynamicScope)
        }
        let result = evaluate(located.schema, instance, at: location.keyword(keyword), scope: inner, baseIncludesID: true)
        outcome.errors += result.errors
        outcome.absorbAnnotations(of: result)
    }

    // MARK: - In-place applicators

    private func evaluateInPlaceApplicators(_ schema: JSONObject, _ instance: JSONValue, at location: Location, scope: Scope, into outcome: inout Outcome) {
        if let schemas = schema["allOf"]?.array {
            for (offset, subschema) in schemas.enumerated() {
                let result = evaluate(subschema, instance, at: location.keyword("allOf", offset), scope: scope)
                outcome.errors += result.errors
                outcome.absorbAnnotations(of: result)
            }
        }
        if let schemas = schema["anyOf"]?.array {
            var matched = false
            var firstFailure: ValidationError?
            for (offset, subschema) in schemas.enumerated() {
                let result = evaluate(subschema, instance, at: location.keyword("anyOf", offset), scope: scope)
                if result.isValid { matched = true } else if firstFailure == nil { firstFailure = result.errors.first }
                outcome.absorbAnnotations(of: result)
            }
            if !matched {
                let detail = firstFailure.map { " (first: \($0.description))" } ?? ""
                outcome.errors.append(location.error("anyOf", "does not match any of the \(schemas.count) schemas in anyOf\(detail)"))
            }
        }
        if let schemas = schema["oneOf"]?.array {
            var matches: [Int] = []
            var firstFailure: ValidationError?
            var annotations = Outcome()
            for (offset, subschema) in schemas.enumerated() {
                let result = evaluate(subschema, instance, at: location.keyword("oneOf", offset), scope: scope)
                if result.isValid { matches.append(offset) } else if firstFailure == nil { firstFailure = result.errors.first }
                annotations.absorbAnnotations(of: result)
            }
            if matches.count == 1 {
                outcome.absorbAnnotations(of: annotations)
            } else if matches.isEmpty {
                let detail = firstFailure.map { " (first: \($0.description))" } ?? ""
                outcome.errors.append(location.error("oneOf", "does not match any of the \(schemas.count) schemas in oneOf\(detail)"))
            } else {
                outcome.errors.append(location.error("oneOf", "matches schemas \(matches) in oneOf; exactly one must match"))
            }
        }
        if let subschema = schema["not"] {
            let result = evaluate(subschema, instance, at: location.keyword("not"), scope: scope)
            if result.isValid {
                outcome.errors.append(location.error("not", "must not match the schema in 'not'"))
            }
        }
        if let condition = schema["if"] {
            let test = evaluate(condition, instance, at: location.keyword("if"), scope: scope)
            outcome.absorbAnnotations(of: test)
            let branch = test.isValid ? "then" : "else"
            if let subschema = schema[branch] {
                let result = evaluate(subschema, instance, at: location.keyword(branch), scope: scope)
                outcome.errors += result.errors
                outcome.absorbAnnotations(of: result)
            }
        }
        if case .object(let object) = instance, let dependents = schema["dependentSchemas"]?.object {
            for (name, subschema) in dependents where object[name] != nil {
                let result = evaluate(subschema, instance, at: location.keyword("dependentSchemas", name), scope: scope)
                outcome.errors += result.errors
                outcome.absorbAnnotations(of: result)
            }
        }
        if case .object(let object) = instance, let dependencies = schema["dependencies"]?.object {
            // Draft 7's combined keyword, kept for compatibility with older schemas.
            for (name, dependency) in dependencies where object[name] != nil {
                if let names = dependency.array {
                    for case .string(let required) in names where object[required] == nil {
                        outcome.errors.append(location.keyword("dependencies").error(name, "'\(required)' is required when '\(name)' is present"))
                    }
                } else {
                    let result = evaluate(dependency, instance, at: location.keyword("dependencies", name), scope: scope)
                    outcome.errors += result.errors
                    outcome.absorbAnnotations(of: result)
                }
            }
        }
    }

    // MARK: - Arrays

    private func evaluateArrayApplicators(_ schema: JSONObject, _ array: [JSONValue], at location: Location, scope: Scope, into outcome: inout Outcome) {
        var prefixCount = 0
        if !scope.isOlderDraft, let prefix = schema["prefixItems"]?.array {
            prefixCount = min(prefix.count, array.count)
            for offset in 0..<prefixCount {
                let result = evaluate(prefix[offset], array[offset], at: location.keyword("prefixItems", offset).instance(offset), scope: scope)
                outcome.errors += result.errors
                outcome.evaluatedItems.insert(offset)
            }
        }
        if let items = schema["items"] {
            if let legacy = items.array {
                // Draft 7 array form of items: positional schemas, then additionalItems.
                let count = min(legacy.count, array.count)
                for offset in 0..<count {
                    let result = evaluate(legacy[offset], array[offset], at: location.keyword("items", offset).instance(offset), scope: scope)
                    outcome.errors += result.errors
                    outcome.evaluatedItems.insert(offset)
                }
                if let additional = schema["additionalItems"], count < array.count {
                    for offset in count..<array.count {
                        let result = evaluate(additional, array[offset], at: location.keyword("additionalItems").instance(offset), scope: scope)
                        outcome.errors += result.errors
                        outcome.evaluatedItems.insert(offset)
                    }
                }
            } else {
                for offset in prefixCount..<max(prefixCount, array.count) {
                    let result = evaluate(items, array[offset], at: location.keyword("items").instance(offset), scope: scope)
                    outcome.errors += result.errors
                    outcome.evaluatedItems.insert(offset)
                }
            }
        }
        if let contains = schema["contains"] {
            var matched: [Int] = []
            for (offset, element) in array.enumerated() {
                let result = evaluate(contains, element, at: location.keyword("contains").instance(offset), scope: scope)
                if result.isValid { matched.append(offset) }
            }
            outcome.evaluatedItems.formUnion(matched)
            let minimum = scope.uses(.validation) ? schema["minContains"]?.number?.int64Value ?? 1 : 1
            if matched.count < minimum {
                outcome.errors.append(location.error(
                    schema["minContains"] != nil && scope.uses(.validation) ? "minContains" : "contains",
                    "contains \(matched.count) matching item\(matched.count == 1 ? "" : "s"); at least \(minimum) required"))
            }
            if scope.uses(.validation), let maximum = schema["maxContains"]?.number?.int64Value, matched.count > maximum {
                outcome.errors.append(location.error("maxContains", "contains \(matched.count) matching items; at most \(maximum) allowed"))
            }
        }
    }

    private func evaluateArrayAssertions(_ schema: JSONObject, _ array: [JSONValue], at location: Location, into outcome: inout Outcome) {
        if let maximum = schema["maxItems"]?.number?.int64Value, array.count > maximum {
            outcome.errors.append(location.error("maxItems", "has \(array.count) items; at most \(maximum) allowed"))
        }
        if let minimum = schema["minItems"]?.number?.int64Value, array.count < minimum {
            outcome.errors.append(location.error("minItems", "has \(array.count) items; at least \(minimum) required"))
        }
        if schema["uniqueItems"]?.bool == true {
            // Bucket by `JSONValue`'s hash (equal under `isIdentical` implies equal hashes),
            // then compare exactly within a bucket: linear on distinct items.
            var buckets: [JSONValue: [Int]] = [:]
            search: for (offset, element) in array.enumerated() {
                for earlier in buckets[element, default: []] where array[earlier].isIdentical(to: element) {
                    outcome.errors.append(location.error("uniqueItems", "items \(earlier) and \(offset) are equal; items must be unique"))
                    break search
                }
                buckets[element, default: []].append(offset)
            }
        }
    }

    // MARK: - Objects

    private func evaluateObjectApplicators(_ schema: JSONObject, _ object: JSONObject, at location: Location, scope: Scope, into outcome: inout Outcome) {
        var matchedByName: Set<String> = []
        if let properties = schema["properties"]?.object {
            for (name, subschema) in properties {
                guard let value = object[name] else { continue }
                let result = evaluate(subschema, value, at: location.keyword("properties", name).instance(name), scope: scope)
                outcome.errors += result.errors
                matchedByName.insert(name)
            }
        }
        if let patterns = schema["patternProperties"]?.object {
            for (pattern, subschema) in patterns {
                guard let regex = index.pattern(pattern) else { continue }
                // A key whose match a budget stopped counts as not matching; the run's limit
                // error makes the result undecided.
                for (name, value) in object where matches(regex, name, at: location.keyword("patternProperties", pattern).instance(name)) == true {
                    let result = evaluate(subschema, value, at: location.keyword("patternProperties", pattern).instance(name), scope: scope)
                    outcome.errors += result.errors
                    matchedByName.insert(name)
                }
            }
        }
        outcome.evaluatedProperties.formUnion(matchedByName)
        if let additional = schema["additionalProperties"] {
            for (name, value) in object where !matchedByName.contains(name) {
                let result = evaluate(additional, value, at: location.keyword("additionalProperties").instance(name), scope: scope)
                if !result.isValid, additional == .bool(false) {
                    outcome.errors.append(location.instance(name).error("additionalProperties", "property '\(name)' is not allowed"))
                } else {
                    outcome.errors += result.errors
                }
                outcome.evaluatedProperties.insert(name)
            }
        }
        if let names = schema["propertyNames"] {
            for (name, _) in object {
                let result = evaluate(names, .string(name), at: location.keyword("propertyNames").instance(name), scope: scope)
                if !result.isValid {
                    let reason = result.errors.first?.message ?? "is not allowed"
                    outcome.errors.append(location.instance(name).error("propertyNames", "property name '\(name)' \(reason)"))
                }
            }
        }
    }

    private func evaluateObjectAssertions(_ schema: JSONObject, _ object: JSONObject, at location: Location, into outcome: inout Outcome) {
        if let maximum = schema["maxProperties"]?.number?.int64Value, object.count > maximum {
            outcome.errors.append(location.error("maxProperties", "has \(object.count) properties; at most \(maximum) allowed"))
        }
        if let minimum = schema["minProperties"]?.number?.int64Value, object.count < minimum {
            outcome.errors.append(location.error("minProperties", "has \(object.count) properties; at least \(minimum) required"))
        }
        if let required = schema["required"]?.array {
            for case .string(let name) in required where object[name] == nil {
                outcome.errors.append(location.instance(name).error("required", "required property '\(name)' is missing"))
            }
        }
        if let dependents = schema["dependentRequired"]?.object {
            for (name, requirements) in dependents where object[name] != nil {
                for case .string(let required) in requirements.array ?? [] where object[required] == nil {
                    outcome.errors.append(location.keyword("dependentRequired").error(name, "'\(required)' is required when '\(name)' is present"))
                }
            }
        }
    }

    // MARK: - unevaluatedProperties / unevaluatedItems

    private func evaluateUnevaluated(_ schema: JSONObject, _ instance: JSONValue, at location: Location, scope: Scope, into outcome: inout Outcome) {
        if case .object(let object) = instance, let unevaluated = schema["unevaluatedProperties"] {
            for (name, value) in object where !outcome.evaluatedProperties.contains(name) {
                let result = evaluate(unevaluated, value, at: location.keyword("unevaluatedProperties").instance(name), scope: scope)
                if !result.isValid, unevaluated == .bool(false) {
                    outcome.errors.append(location.instance(name).error("unevaluatedProperties", "property '\(name)' is not allowed (not evaluated by any other keyword)"))
                } else {
                    outcome.errors += result.errors
                }
            }
            outcome.evaluatedProperties.formUnion(object.keys)
        }
        if case .array(let array) = instance, let unevaluated = schema["unevaluatedItems"] {
            for (offset, element) in array.enumerated() where !outcome.evaluatedItems.contains(offset) {
                let result = evaluate(unevaluated, element, at: location.keyword("unevaluatedItems").instance(offset), scope: scope)
                if !result.isValid, unevaluated == .bool(false) {
                    outcome.errors.append(location.instance(offset).error("unevaluatedItems", "item \(offset) is not allowed (not evaluated by any other keyword)"))
                } else {
                    outcome.errors += result.errors
                }
            }
            outcome.evaluatedItems.formUnion(array.indices)
        }
    }
}
