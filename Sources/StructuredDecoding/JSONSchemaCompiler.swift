import JSONCore

/// Turns a JSON Schema (draft 2020-12, with draft 4-7 spellings) into grammar IR.
///
/// Every keyword either shapes the grammar or is an error naming it and its path; annotation
/// keywords (`title`, `description`, `x-...`) and unknown `format`s (annotations by the spec)
/// are ignored. `$ref` targets become rules, compiled once, so recursion is free.
struct JSONSchemaCompiler {
    let root: JSONValue
    let options: JSONGrammarOptions
    let limits: GrammarLimits
    var rules: [GrammarNode] = [.nothing]
    private var ruleForReference: [String: Int] = [:]
    private var anyValueRule: Int?
    private var keyRuleIndices: (rest: Int, nonASCII: Int, escape: Int)?
    private var depth = 0
    /// Set while `oneOf` negates its branches: negation may then under-approximate, and these
    /// property names (from the branches) witness "a name `properties` lacks".
    var negationCandidates: [String]?
    /// First appearance of each property name in the document (for merged objects).
    /// Drafts 3 to 7 (by `$schema`) ignore keywords beside `$ref`.
    private(set) lazy var refIgnoresSiblings: Bool = {
        guard let dialect = root["$schema"]?.string else { return false }
        return ["draft-03", "draft-04", "draft-05", "draft-06", "draft-07"].contains { dialect.contains($0) }
    }()
    private(set) lazy var documentOrder: [String: Int] = JSONPropertyOrder.documentOrder(root)

    /// Keywords the compiler enforces.
    static let supportedKeywords: Set<String> = [
        "type", "properties", "required", "additionalProperties", "items", "prefixItems", "additionalItems",
        "minItems", "maxItems", "enum", "const", "anyOf", "oneOf", "allOf", "$ref", "pattern", "minLength",
        "maxLength", "format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
        "minProperties", "maxProperties", "uniqueItems", excludedPatternsKeyword, "patternProperties", "propertyNames",
        "not", fractionalKeyword, excludedMultiplesKeyword, "dependencies", "dependentRequired", "dependentSchemas",
    ]
    /// Validation keywords a regular grammar cannot (or does not yet) enforce.
    static let unsupportedKeywords: Set<String> = [
        "if", "then", "else",
        "contains", "minContains", "maxContains", "unevaluatedProperties", "unevaluatedItems",
        "$dynamicRef", "$recursiveRef",
    ]

    static func compile(_ schema: JSONValue, options: JSONGrammarOptions, limits: GrammarLimits) throws(GrammarError) -> Grammar {
        var compiler = JSONSchemaCompiler(root: schema, options: options, limits: limits)
        let start = try compiler.node(for: schema, path: "#")
        let whitespace = options.whitespace.node
        // Whitespace may follow the root value too (llama.cpp's root rule ends in `space`).
        if case .empty = whitespace {
            compiler.rules[0] = start
        } else {
            compiler.rules[0] = .sequence([start, whitespace])
        }
        return Grammar(rules: compiler.rules, whitespace: whitespace)
    }

    private init(root: JSONValue, options: JSONGrammarOptions, limits: GrammarLimits) {
        self.root = root
        self.options = options
        self.limits = limits
    }

    // MARK: - Dispatch

    /// Deepest nesting of subschemas, and of the compiler's own rewrites of a subschema
    /// (`allOf` merged, `not` pushed inwards, a `$ref` inlined beside its siblings), while
    /// compiling one schema.
    ///
    /// Default: 200. Each level is a few stack frames; a schema that keeps rewriting itself
    /// (`{"$defs": {"a": {"allOf": [{"$ref": "#/$defs/a"}]}}}`) reaches the limit and is
    /// `GrammarError.budgetExceeded` instead of overflowing the stack.
    static let maximumSchemaNesting = 200

    mutating func node(for schema: JSONValue, path: String) throws(GrammarError) -> GrammarNode {
        switch schema {
        case .bool(true): return try anyValue()
        case .bool(false): return .nothing
        case .object(let object): return try node(for: object, path: path)
        default:
            throw GrammarError(.invalidSchema, keyword: "schema", path: path, detail: "a schema must be an object or a boolean")
        }
    }

    private mutating func node(for object: JSONObject, path: String) throws(GrammarError) -> GrammarNode {
        depth += 1
        defer { depth -= 1 }
        guard depth < Self.maximumSchemaNesting else {
            throw GrammarError(.budgetExceeded, keyword: "JSONSchemaCompiler.maximumSchemaNesting", path: path,
                               detail: "subschemas and their rewrites nested deeper than \(Self.maximumSchemaNesting)")
        }
        if !options.lenient {
            for key in object.keys.sorted() where JSONSchemaCompiler.unsupportedKeywords.contains(key) {
                throw GrammarError(.unsupportedKeyword, keyword: key, path: path)
            }
            if object["uniqueItems"] == .bool(true), (object["maxItems"]?.number?.int64Value ?? 2) > 1 {
                throw GrammarError(.unsupportedKeyword, keyword: "uniqueItems", path: path)
            }
        }
        if let reference = object["$ref"] {
            guard let text = reference.string else {
                throw GrammarError(.invalidSchema, keyword: "$ref", path: path, detail: "$ref must be a string")
            }
            var siblings = object
            siblings["$ref"] = nil
            // Before 2019-09, `$ref` replaces its siblings; since, they apply too.
            if !refIgnoresSiblings, JSONSchemaCompiler.hasValidation(siblings) {
                let target = try resolve(text, path: path)
                guard case .object(let targetObject) = target else {
                    return target == .bool(false) ? .nothing : try node(for: siblings, path: path)
                }
                return try node(for: try merge(targetObject, siblings, path: path), path: path)
            }
            return .rule(try rule(for: text, path: path))
        }
        if object["dependencies"] != nil || object["dependentRequired"] != nil || object["dependentSchemas"] != nil {
            // Each dependency is one more allOf branch: the trigger absent, or present with its
            // requirements.
            var rest = object
            var conditions: [JSONValue] = []
            for keyword in ["dependencies", "dependentRequired", "dependentSchemas"] {
                guard let value = object[keyword] else { continue }
                rest[keyword] = nil
                guard let table = value.object else {
                    throw GrammarError(.invalidSchema, keyword: keyword, path: path, detail: "\(keyword) must be an object")
                }
                for (name, requirement) in table {
                    conditions.append(try JSONSchemaCompiler.dependency(name, requirement, keyword: keyword, path: path))
                }
            }
            rest["allOf"] = .array((rest["allOf"]?.array ?? []) + conditions)
            return try node(for: rest, path: path)
        }
        if let inner = object["not"] {
            // not: S joins the other keywords as one more allOf branch, rewritten positively.
            var rest = object
            rest["not"] = nil
            let allowed = Set(try allowedTypes(object, path: path)).union(object["type"] == nil ? ["integer"] : [])
            let branches = try negation(of: inner, allowed: allowed.contains("number") ? allowed.union(["integer"]) : allowed, path: path + "/not")
            let negated: JSONValue = branches.isEmpty ? .bool(false) : .object(JSONObject([(key: "anyOf", value: .array(branches))]))
            rest["allOf"] = .array((rest["allOf"]?.array ?? []) + [negated])
            return try node(for: rest, path: path)
        }
        if let all = object["allOf"] {
            guard let branches = all.array else {
                throw GrammarError(.invalidSchema, keyword: "allOf", path: path, detail: "allOf must be an array")
            }
            var merged = object
            merged["allOf"] = nil
            for (index, branch) in branches.enumerated() {
                switch branch {
                case .bool(true): continue
                case .bool(false): return .nothing
                case .object(let branchObject):
                    merged = try merge(merged, branchObject, path: "\(path)/allOf/\(index)")
                default:
                    throw GrammarError(.invalidSchema, keyword: "allOf", path: "\(path)/allOf/\(index)")
                }
            }
            return try node(for: merged, path: path)
        }
        for keyword in ["anyOf", "oneOf"] {
            guard let any = object[keyword] else { continue }
            guard let branches = any.array, !branches.isEmpty else {
                throw GrammarError(.invalidSchema, keyword: keyword, path: path, detail: "\(keyword) must be a non-empty array")
            }
            var siblings = object
            siblings[keyword] = nil
            if keyword == "oneOf" { return try oneOfNode(branches, siblings: siblings, path: path) }
            return try anyOfNode(branches, keyword: keyword, siblings: siblings, path: path)
        }
        let types = try allowedTypes(object, path: path)
        if object["const"] != nil || object["enum"] != nil {
            var values: [JSONValue]
            if let constant = object["const"] {
                values = [constant]
            } else {
                guard let list = object["enum"]?.array else {
                    throw GrammarError(.invalidSchema, keyword: "enum", path: path, detail: "enum must be an array")
                }
                values = list
            }
            let validator = JSONSchemaCompiler.validator(forOthersThanValues: object)
            var kept: [GrammarNode] = []
            for value in values where try admits(value, object, types: types, validator: validator, path: path) {
                kept.append(.literal(value.serialized()))
            }
            return .choice(kept)
        }
        if !JSONSchemaCompiler.hasValidation(object) { return try anyValue() }
        var branches: [GrammarNode] = []
        for type in types {
            switch type {
            case "null": branches.append(.literal("null"))
            case "boolean": branches.append(.choice([.literal("true"), .literal("false")]))
            case "integer" where !types.contains("number") && object[JSONSchemaCompiler.fractionalKeyword] == nil: branches.append(try integerNode(object, path: path))
            case "number": branches.append(try numberNode(object, path: path))
            case "string": branches.append(try stringNode(object, path: path))
            case "array": branches.append(try arrayNode(object, path: path))
            case "object": branches.append(try objectNode(object, path: path))
            default: continue
            }
        }
        return branches.count == 1 ? branches[0] : .choice(branches)
    }

    static let allTypes = ["null", "boolean", "integer", "number", "string", "array", "object"]

    func allowedTypes(_ object: JSONObject, path: String) throws(GrammarError) -> [String] {
        guard let type = object["type"] else { return JSONSchemaCompiler.allTypes }
        var names: [String] = []
        if let single = type.string {
            names = [single]
        } else if let list = type.array {
            for item in list {
                guard let name = item.string else {
                    throw GrammarError(.invalidSchema, keyword: "type", path: path, detail: "type entries must be strings")
                }
                names.append(name)
            }
        } else {
            throw GrammarError(.invalidSchema, keyword: "type", path: path, detail: "type must be a string or an array")
        }
        for name in names where !JSONSchemaCompiler.allTypes.contains(name) {
            throw GrammarError(.invalidSchema, keyword: "type", path: path, detail: "unknown type '\(name)'")
        }
        return JSONSchemaCompiler.allTypes.filter { names.contains($0) }
    }

    /// Whether `object` has any keyword that constrains values (as opposed to annotations).
    static func hasValidation(_ object: JSONObject) -> Bool {
        object.keys.contains { supportedKeywords.contains($0) || unsupportedKeywords.contains($0) }
    }

    // MARK: - Rules

    /// The free-form JSON value rule, built once per grammar.
    mutating func anyValue() throws(GrammarError) -> GrammarNode {
        if let anyValueRule { return .rule(anyValueRule) }
        let index = rules.count
        rules.append(.nothing)
        anyValueRule = index
        let value = GrammarNode.rule(index)
        rules[index] = .choice([
            .literal("null"), .literal("true"), .literal("false"),
            JSONSchemaCompiler.numberSyntax,
            JSONSchemaCompiler.stringSyntax(minLength: 0, maxLength: nil),
            .array(ArrayShape(prefix: [], items: value, minCount: 0, maxCount: nil)),
            .object(ObjectShape(members: [], additional: [(JSONSchemaCompiler.stringSyntax(minLength: 0, maxLength: nil), value)],
                                minCount: 0, maxCount: nil)),
        ])
        return value
    }

    /// Shared tails of keys that left the excluded-key trie: the rest of a string after one
    /// character, a non-ASCII character then the rest, an escape then the rest.
    mutating func keyRules() -> (rest: Int, nonASCII: Int, escape: Int) {
        if let keyRuleIndices { return keyRuleIndices }
        let rest = GrammarNode.sequence([.repetition(JSONSchemaCompiler.stringCharacter, min: 0, max: nil), .bytes([0x22])])
        let hex = GrammarNode.byteSet([0x30...0x39, 0x41...0x46, 0x61...0x66])
        let escapeTail = GrammarNode.choice([
            .byteSet([0x22...0x22, 0x2F...0x2F, 0x5C...0x5C, 0x62...0x62, 0x66...0x66, 0x6E...0x6E, 0x72...0x72, 0x74...0x74]),
            .sequence([.bytes([UInt8(ascii: "u")]), hex, hex, hex, hex]),
        ])
        let restIndex = rules.count
        rules.append(rest)
        rules.append(.sequence([CodePointSet([0x80...0xD7FF, 0xE000...CodePointSet.maxScalar]).node(encoding: .raw), .rule(restIndex)]))
        rules.append(.sequence([.bytes([0x5C]), escapeTail, .rule(restIndex)]))
        let indices = (rest: restIndex, nonASCII: restIndex + 1, escape: restIndex + 2)
        keyRuleIndices = indices
        return indices
    }

    private mutating func rule(for reference: String, path: String) throws(GrammarError) -> Int {
        if let known = ruleForReference[reference] { return known }
        let index = rules.count
        rules.append(.nothing)
        ruleForReference[reference] = index
        let target = try resolve(reference, path: path)
        let saved = depth
        depth = 0
        defer { depth = saved }
        rules[index] = try node(for: target, path: reference)
        return index
    }

    /// Resolves a local reference: a JSON pointer (`#/$defs/a`), `#`, or a subschema's `$id`.
    func resolve(_ reference: String, path: String) throws(GrammarError) -> JSONValue {
        if reference == "#" || reference.isEmpty { return root }
        if reference.hasPrefix("#/") {
            var current = root
            for rawToken in reference.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false) {
                let token = String(rawToken).removingPercentEncodingIfPossible.unescapingJSONPointerToken
                if let object = current.object, let next = object[token] {
                    current = next
                } else if let array = current.array, let index = Int(token), array.indices.contains(index) {
                    current = array[index]
                } else {
                    throw GrammarError(.invalidSchema, keyword: "$ref", path: path, detail: "cannot resolve '\(reference)'")
                }
            }
            return current
        }
        if let found = JSONSchemaCompiler.findIdentified(reference, in: root) { return found }
        throw GrammarError(.unsupportedKeyword, keyword: "$ref", path: path, detail: "non-local reference '\(reference)'")
    }

    private static func findIdentified(_ reference: String, in value: JSONValue) -> JSONValue? {
        guard let object = value.object else {
            if let array = value.array {
                for item in array { if let found = findIdentified(reference, in: item) { return found } }
            }
            return nil
        }
        for key in ["$id", "id", "$anchor"] {
            if let id = object[key]?.string,
               id == reference || "#" + id == reference || id.hasSuffix("/" + reference) {
                return value
            }
        }
        for (key, member) in object where key != "enum" && key != "const" {
            if let found = findIdentified(reference, in: member) { return found }
        }
        return nil
    }
}

extension String {
    /// `~1` -> `/`, `~0` -> `~` (RFC 6901).
    var unescapingJSONPointerToken: String {
        guard contains("~") else { return self }
        var result = ""
        var iterator = makeIterator()
        while let character = iterator.next() {
            if character == "~", let next = iterator.next() {
                result.append(next == "1" ? "/" : next == "0" ? "~" : next)
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// Percent-decodes ASCII escapes (`%25` -> `%`); leaves malformed escapes as they are.
    var removingPercentEncodingIfPossible: String {
        guard contains("%") else { return self }
        var bytes: [UInt8] = []
        let source = Array(utf8)
        var index = 0
        while index < source.count {
            if source[index] == UInt8(ascii: "%"), index + 2 < source.count,
               let value = UInt8(String(decoding: source[(index + 1)...(index + 2)], as: UTF8.self), radix: 16) {
                bytes.append(value)
                index += 3
            } else {
                bytes.append(source[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
