import JSONCore

extension JSONSchemaCompiler {
    /// The schema equivalent to `allOf: [a, b]` for the keywords that combine keyword-wise;
    /// combinations a grammar cannot express (two different patterns...) are errors.
    func merge(_ a: JSONObject, _ b: JSONObject, path: String) throws(GrammarError) -> JSONObject {
        let left = try inlineReference(a, path: path)
        let right = try inlineReference(b, path: path)
        var result = left
        if left["properties"] != nil && right["properties"] != nil { result[JSONPropertyOrder.mergedMarker] = true }
        for (key, value) in right {
            guard let existing = result[key] else {
                result[key] = value
                continue
            }
            if existing == value { continue }
            switch key {
            case "properties":
                result[key] = .object(mergeProperties(existing.object ?? JSONObject(), value.object ?? JSONObject()))
            case "required", JSONSchemaCompiler.excludedPatternsKeyword, JSONSchemaCompiler.excludedMultiplesKeyword:
                var names = existing.array ?? []
                for name in value.array ?? [] where !names.contains(name) { names.append(name) }
                result[key] = .array(names)
            case "type":
                let l = typeSet(existing), r = typeSet(value)
                var both = l.filter { r.contains($0) }
                if l.contains("integer") && r.contains("number") && !both.contains("integer") { both.append("integer") }
                if r.contains("integer") && l.contains("number") && !both.contains("integer") { both.append("integer") }
                result[key] = .array(both.map { .string($0) })
            case "minimum", "minLength", "minItems", "minProperties":
                result[key] = larger(existing, value)
            case "maximum", "maxLength", "maxItems", "maxProperties":
                result[key] = smaller(existing, value)
            case "exclusiveMinimum" where existing.number != nil && value.number != nil:
                result[key] = larger(existing, value)
            case "exclusiveMaximum" where existing.number != nil && value.number != nil:
                result[key] = smaller(existing, value)
            case "enum":
                let other = value.array ?? []
                result[key] = .array((existing.array ?? []).filter { other.contains($0) })
            case "const":
                result["enum"] = .array([])
            case "patternProperties":
                result[key] = .object(mergeProperties(existing.object ?? JSONObject(), value.object ?? JSONObject()))
            case "not":
                // not A and not B = not (A or B).
                result[key] = .object(JSONObject([(key: "anyOf", value: .array([existing, value]))]))
            case "$fm-fractional":
                continue
            case "multipleOf" where JSONSchemaCompiler.leastCommonMultiple(existing, value) != nil:
                result[key] = JSONSchemaCompiler.leastCommonMultiple(existing, value)
            case "items", "additionalProperties", "additionalItems", "propertyNames":
                result[key] = .object(JSONObject([(key: "allOf", value: .array([existing, value]))]))
            case "anyOf", "oneOf":
                // (A1 | A2) & (B1 | B2) = (A1&B1) | (A1&B2) | ...
                let l = existing.array ?? [], r = value.array ?? []
                guard l.count * r.count <= 64 else {
                    throw GrammarError(.budgetExceeded, keyword: key, path: path, detail: "too many \(key) combinations in allOf")
                }
                var product: [JSONValue] = []
                for x in l { for y in r { product.append(.object(JSONObject([(key: "allOf", value: .array([x, y]))]))) } }
                result[key] = .array(product)
            case "allOf":
                result[key] = .array((existing.array ?? []) + (value.array ?? []))
            case "$defs", "definitions", "title", "description", "$schema", "$id", "id", "$comment", "default",
                 "examples", "example", "readOnly", "writeOnly", "deprecated":
                continue
            default:
                if JSONSchemaCompiler.supportedKeywords.contains(key) || JSONSchemaCompiler.unsupportedKeywords.contains(key) {
                    throw GrammarError(.unsupportedKeyword, keyword: key, path: path, detail: "allOf combines two different '\(key)' values")
                }
            }
        }
        // additionalProperties of one side applies to the other side's extra properties.
        for (side, other) in [(left, right), (right, left)] {
            guard let additional = side["additionalProperties"], additional != .bool(true) else { continue }
            let own = side["properties"]?.object ?? JSONObject()
            // The other side's patterns also take this side's additionalProperties (too strict
            // for keys this side names or matches, never too loose).
            let ownPatterns = side["patternProperties"]?.object ?? JSONObject()
            if var patterns = result["patternProperties"]?.object {
                for source in (other["patternProperties"]?.object ?? JSONObject()).keys where ownPatterns[source] == nil {
                    if let current = patterns[source] {
                        patterns[source] = .object(JSONObject([(key: "allOf", value: .array([current, additional]))]))
                    }
                }
                result["patternProperties"] = .object(patterns)
            }
            guard var merged = result["properties"]?.object else { continue }
            for name in (other["properties"]?.object ?? JSONObject()).keys where own[name] == nil {
                if let current = merged[name] {
                    merged[name] = .object(JSONObject([(key: "allOf", value: .array([current, additional]))]))
                }
            }
            result["properties"] = .object(merged)
        }
        return result
    }

    private var refIgnoresSiblingsInMerge: Bool {
        guard let dialect = root["$schema"]?.string else { return false }
        return ["draft-03", "draft-04", "draft-05", "draft-06", "draft-07"].contains { dialect.contains($0) }
    }

    /// Replaces a `$ref` by its target merged with the siblings (one level; deeper refs stay).
    private func inlineReference(_ object: JSONObject, path: String) throws(GrammarError) -> JSONObject {
        guard let reference = object["$ref"]?.string else { return object }
        var siblings = object
        siblings["$ref"] = nil
        if refIgnoresSiblingsInMerge { siblings = JSONObject() }
        let target = try resolve(reference, path: path)
        switch target {
        case .object(let targetObject):
            if targetObject["$ref"] != nil {
                // Chains of references: wrap instead of following forever.
                return JSONObject([(key: "allOf", value: .array([target, .object(siblings)]))])
            }
            return try merge(targetObject, siblings, path: path)
        case .bool(true): return siblings
        default:
            return JSONObject([(key: "enum", value: .array([]))])
        }
    }

    private func mergeProperties(_ a: JSONObject, _ b: JSONObject) -> JSONObject {
        var result = a
        for (name, schema) in b {
            if let existing = result[name], existing != schema {
                result[name] = .object(JSONObject([(key: "allOf", value: .array([existing, schema]))]))
            } else {
                result[name] = schema
            }
        }
        return result
    }

    private func typeSet(_ value: JSONValue) -> [String] {
        if let name = value.string { return [name] }
        return (value.array ?? []).compactMap(\.string)
    }

    /// The larger bound, compared exactly on decimal digits (`JSONNumber` is `Comparable`).
    private func larger(_ a: JSONValue, _ b: JSONValue) -> JSONValue {
        guard let x = a.number, let y = b.number else { return a }
        return x >= y ? a : b
    }

    private func smaller(_ a: JSONValue, _ b: JSONValue) -> JSONValue {
        guard let x = a.number, let y = b.number else { return a }
        return x <= y ? a : b
    }
}
