import JSONCore

/// `not` by rewriting: the negation of a schema as a disjunction of positive schemas the grammar
/// can enforce (`not: {type}` is the other types, `not: {minimum: 3}` is numbers below 3 (other
/// types satisfy `minimum`), `not: {pattern}` is strings the pattern's automaton rejects, `not: {required}` is
/// objects missing a name...). Shapes without an exact rewriting (`not: {items}`,
/// `not: {multipleOf}`...) are errors naming the keyword, never approximated, except where the
/// caller asks for an under-approximation (`negationCandidates` set, for `oneOf`): then such a
/// conjunct contributes no values, so the result is a subset of the negation, never a superset.
extension JSONSchemaCompiler {
    /// Types a `type` list allows, `integer` spelled out when `number` is present.
    private static func expanded(_ types: [String]) -> Set<String> {
        var set = Set(types)
        if set.contains("number") { set.insert("integer") }
        return set
    }

    /// A schema for `types` (within `allowed`) and the keywords of `extra`; nil when no allowed
    /// type remains.
    private static func typed(_ types: [String], _ extra: [(String, JSONValue)] = [], allowed: Set<String>) -> JSONValue? {
        let kept = types.filter { allowed.contains($0) }
        guard !kept.isEmpty else { return nil }
        var object = JSONObject([(key: "type", value: .array(kept.map { .string($0) }))])
        for (key, value) in extra { object[key] = value }
        return .object(object)
    }

    /// `not: schema` as the branches of an `anyOf` (no branch: unsatisfiable), for values whose
    /// type is in `allowed` (the sibling `type`).
    mutating func negation(of schema: JSONValue, allowed: Set<String>, path: String, depth: Int = 0) throws(GrammarError) -> [JSONValue] {
        guard depth < 16 else {
            throw GrammarError(.unsupportedKeyword, keyword: "not", path: path, detail: "negation nested too deeply")
        }
        switch schema {
        case .bool(let value): return value ? [] : [.bool(true)]
        case .object(var object):
            if let reference = object["$ref"]?.string {
                object["$ref"] = nil
                let target = try resolve(reference, path: path)
                if refIgnoresSiblings || !JSONSchemaCompiler.hasValidation(object) {
                    return try negation(of: target, allowed: allowed, path: path, depth: depth + 1)
                }
                return try negation(of: .object(JSONObject([(key: "allOf", value: .array([target, .object(object)]))])),
                                    allowed: allowed, path: path, depth: depth + 1)
            }
            var branches: [JSONValue] = []
            let types = JSONSchemaCompiler.expanded(try allowedTypes(object, path: path))
            // The type conjunct: every allowed type the schema lacks.
            if object["type"] != nil {
                var missing = JSONSchemaCompiler.allTypes.filter { name in
                    name != "integer" && name != "number" && !types.contains(name) && allowed.contains(name)
                }
                if !types.contains("integer") {
                    if allowed.contains("number") { missing.append("number") } else if allowed.contains("integer") { missing.append("integer") }
                }
                if !missing.isEmpty { branches.append(.object(JSONObject([(key: "type", value: .array(missing.map { .string($0) }))]))) }
                if types.contains("integer"), !types.contains("number"), allowed.contains("number") {
                    branches.append(.object(JSONObject([(key: "type", value: "number"), (key: JSONSchemaCompiler.fractionalKeyword, value: .bool(true))])))
                }
            }
            // Every other conjunct is negated within the schema's own types.
            let within = allowed.intersection(types)
            for (key, value) in object where key != "type" {
                do {
                    branches += try negation(ofKeyword: key, value, in: object, allowed: within, path: path, depth: depth)
                } catch {
                    // Under-approximating, a conjunct without a negated form contributes no
                    // values: fewer values, never a wrong one.
                    guard negationCandidates != nil, error.kind != .invalidSchema else { throw error }
                }
            }
            return branches
        default:
            throw GrammarError(.invalidSchema, keyword: "not", path: path, detail: "a schema must be an object or a boolean")
        }
    }

    private mutating func negation(ofKeyword key: String, _ value: JSONValue, in object: JSONObject, allowed: Set<String>,
                                   path: String, depth: Int) throws(GrammarError) -> [JSONValue] {
        func unsupported() -> GrammarError {
            GrammarError(.unsupportedKeyword, keyword: "not", path: path, detail: "cannot negate '\(key)'")
        }
        func count() throws(GrammarError) -> Int {
            guard let number = value.number, number.isInteger, number.doubleValue >= 0, number.doubleValue < 1e9 else {
                throw GrammarError(.invalidSchema, keyword: key, path: path, detail: "must be a non-negative integer")
            }
            return Int(number.doubleValue)
        }
        let t = JSONSchemaCompiler.typed
        switch key {
        case "minLength":
            let n = try count()
            return [n == 0 ? nil : t(["string"], [("maxLength", .number(JSONNumber(n - 1)))], allowed)].compactMap { $0 }
        case "maxLength":
            return [t(["string"], [("minLength", .number(JSONNumber(try count() + 1)))], allowed)].compactMap { $0 }
        case "minItems":
            let n = try count()
            return [n == 0 ? nil : t(["array"], [("maxItems", .number(JSONNumber(n - 1)))], allowed)].compactMap { $0 }
        case "maxItems":
            return [t(["array"], [("minItems", .number(JSONNumber(try count() + 1)))], allowed)].compactMap { $0 }
        case "minProperties":
            let n = try count()
            return [n == 0 ? nil : t(["object"], [("maxProperties", .number(JSONNumber(n - 1)))], allowed)].compactMap { $0 }
        case "maxProperties":
            return [t(["object"], [("minProperties", .number(JSONNumber(try count() + 1)))], allowed)].compactMap { $0 }
        case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
            guard value.number != nil else { throw unsupported() }
            let flipped = ["minimum": "exclusiveMaximum", "maximum": "exclusiveMinimum",
                           "exclusiveMinimum": "maximum", "exclusiveMaximum": "minimum"][key] ?? key
            // Integers too: under `type: integer` the sibling type allows no "number".
            return [t(["integer", "number"], [(flipped, value)], allowed)].compactMap { $0 }
        case "multipleOf":
            // Numbers (integers included) that are no multiple of the value.
            guard value.number != nil else { throw unsupported() }
            return [t(["integer", "number"], [(JSONSchemaCompiler.excludedMultiplesKeyword, .array([value]))], allowed)].compactMap { $0 }
        case "pattern":
            guard value.string != nil else { throw unsupported() }
            return [t(["string"], [(JSONSchemaCompiler.excludedPatternsKeyword, .array([value]))], allowed)].compactMap { $0 }
        case "required":
            let names = (value.array ?? []).compactMap(\.string)
            var branches: [JSONValue] = []
            for name in names {
                if let branch = t(["object"], [("properties", .object(JSONObject([(key: name, value: .bool(false))])))], allowed) {
                    branches.append(branch)
                }
            }
            return branches
        case "properties":
            // Some named property is present and fails its schema (whatever
            // additionalProperties says about other names).
            guard let table = value.object else { throw unsupported() }
            // Non-objects satisfy `properties`: only objects can fail it.
            var branches: [JSONValue] = []
            guard allowed.contains("object") else { return [] }
            for (name, schema) in table {
                let failing = try negation(of: schema, allowed: Set(JSONSchemaCompiler.allTypes), path: path, depth: depth + 1)
                if failing.isEmpty { continue }
                let property: JSONValue = failing.count == 1 ? failing[0] : .object(JSONObject([(key: "anyOf", value: .array(failing))]))
                branches.append(.object(JSONObject([
                    (key: "type", value: "object"), (key: "required", value: .array([.string(name)])),
                    (key: "properties", value: .object(JSONObject([(key: name, value: property)]))),
                ])))
            }
            return branches
        case "additionalProperties" where value == .bool(false) && object["patternProperties"] == nil:
            // Under-approximating: objects with a name (from the surrounding schemas) that
            // `properties` lacks.
            guard let candidates = negationCandidates, allowed.contains("object") else { throw unsupported() }
            let declared = object["properties"]?.object ?? JSONObject()
            return candidates.filter { declared[$0] == nil }.map { name in
                .object(JSONObject([(key: "type", value: "object"), (key: "required", value: .array([.string(name)]))]))
            }
        case "enum", "const":
            let values = key == "const" ? [value] : (value.array ?? [])
            return try negation(ofValues: values, allowed: allowed, path: path)
        case "oneOf" where value.array.map({ pairwiseDisjoint($0) }) ?? false, "anyOf":
            // not (A or B) = not A and not B.
            var parts: [JSONValue] = []
            for branch in value.array ?? [] {
                let negated = try negation(of: branch, allowed: allowed, path: path, depth: depth + 1)
                if negated.isEmpty { return [] }
                parts.append(.object(JSONObject([(key: "anyOf", value: .array(negated))])))
            }
            return [.object(JSONObject([(key: "allOf", value: .array(parts))]))]
        case "oneOf":
            // Not exactly one: none, or two at once.
            guard let list = value.array else { throw unsupported() }
            var nonePart: [JSONValue] = []
            var none = true
            for branch in list {
                let negated = try negation(of: branch, allowed: allowed, path: path, depth: depth + 1)
                if negated.isEmpty { none = false; break }
                nonePart.append(.object(JSONObject([(key: "anyOf", value: .array(negated))])))
            }
            var branches: [JSONValue] = none ? [.object(JSONObject([(key: "allOf", value: .array(nonePart))]))] : []
            for i in list.indices {
                for j in list.indices where j > i {
                    guard let left = list[i].object, let right = list[j].object else {
                        if list[i] == .bool(false) || list[j] == .bool(false) { continue }
                        branches.append(list[i] == .bool(true) ? list[j] : list[i])
                        continue
                    }
                    do {
                        let both = try merge(left, right, path: path)
                        branches.append(.object(both))
                    } catch {
                        guard negationCandidates != nil else { throw error }
                    }
                }
            }
            return branches
        case "allOf":
            var branches: [JSONValue] = []
            for branch in value.array ?? [] { branches += try negation(of: branch, allowed: allowed, path: path, depth: depth + 1) }
            return branches
        case "not":
            // not not S = S (within the allowed types).
            guard let types = t(Array(allowed), [], allowed) else { return [] }
            return [.object(JSONObject([(key: "allOf", value: .array([types, value]))]))]
        case "uniqueItems" where value == .bool(false), "items" where value == .bool(true), "additionalProperties" where value == .bool(true):
            return []
        case "format":
            // Unknown formats are annotations; known ones have no negated form here.
            guard let name = value.string, JSONFormats.regex(for: name) == nil, !JSONFormats.unenforced.contains(name) else { throw unsupported() }
            return []
        default:
            if JSONSchemaCompiler.isValidationKeyword(key) || key.hasPrefix("$fm-") { throw unsupported() }
            return []  // annotations
        }
    }

    /// Values other than `values`: whole types none of them has, strings other than the listed
    /// ones, `true`/`false`/`null` left over. Excluding numbers, arrays or objects is an error.
    private func negation(ofValues values: [JSONValue], allowed: Set<String>, path: String) throws(GrammarError) -> [JSONValue] {
        var branches: [JSONValue] = []
        let kinds = Set(values.map { $0.typeName == "integer" ? "number" : $0.typeName })
        let free = JSONSchemaCompiler.allTypes.filter { name in
            allowed.contains(name) && !kinds.contains(name == "integer" ? "number" : name)
        }
        if !free.isEmpty { branches.append(.object(JSONObject([(key: "type", value: .array(free.map { .string($0) }))]))) }
        for kind in kinds {
            switch kind {
            case "null" where allowed.contains(kind), "boolean" where allowed.contains(kind):
                let all: [JSONValue] = kind == "null" ? [.null] : [.bool(true), .bool(false)]
                let left = all.filter { !values.contains($0) }
                if !left.isEmpty { branches.append(.object(JSONObject([(key: "enum", value: .array(left))]))) }
            case "string" where allowed.contains("string"):
                let patterns = values.compactMap(\.string).map { JSONValue.string("^" + JSONSchemaCompiler.regexLiteral($0) + "$") }
                branches.append(.object(JSONObject([(key: "type", value: "string"),
                                                     (key: JSONSchemaCompiler.excludedPatternsKeyword, value: .array(patterns))])))
            default:
                if allowed.contains(kind) || (kind == "number" && allowed.contains("integer")) {
                    throw GrammarError(.unsupportedKeyword, keyword: "not", path: path, detail: "cannot exclude \(kind) values")
                }
            }
        }
        return branches
    }

    /// `text` as a regex matching exactly itself.
    static func regexLiteral(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if "\\^$.|?*+()[]{}/-".unicodeScalars.contains(scalar) {
                result += "\\" + String(scalar)
            } else if scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
