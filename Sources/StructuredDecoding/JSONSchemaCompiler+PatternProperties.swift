import JSONCore

/// The keys of an object with `patternProperties` or `propertyNames`, as regular languages over
/// the key's canonical JSON text (quotes included).
struct PatternKeys {
    struct Pattern {
        var source: String
        var keys: ByteDFA
        var schema: JSONValue
    }

    var patterns: [Pattern]
    /// `propertyNames` as a key language; nil when absent.
    var allowedNames: ByteDFA?
    /// Every canonically written key (`"` characters `"`).
    var universe: ByteDFA

    /// The schema a declared property's value must satisfy: its own and that of every pattern
    /// its name matches; `false` when `propertyNames` excludes the name.
    func schema(forNamed name: String, declared: JSONValue) -> JSONValue {
        let key = JSONSchemaCompiler.keyBytes(name)
        if let allowedNames, !allowedNames.matches(key) { return .bool(false) }
        let matching = patterns.filter { $0.keys.matches(key) }.map(\.schema)
        if matching.isEmpty { return declared }
        return .object(JSONObject([(key: "allOf", value: .array([declared] + matching))]))
    }

    /// The schema of an undeclared name that some pattern matches (or that `propertyNames`
    /// excludes: `false`); nil when `additionalProperties` governs it.
    func patternSchema(forNamed name: String) -> JSONValue? {
        let key = JSONSchemaCompiler.keyBytes(name)
        if let allowedNames, !allowedNames.matches(key) { return .bool(false) }
        let matching = patterns.filter { $0.keys.matches(key) }.map(\.schema)
        if matching.isEmpty { return nil }
        return matching.count == 1 ? matching[0] : .object(JSONObject([(key: "allOf", value: .array(matching))]))
    }
}

extension JSONSchemaCompiler {
    /// Largest number of `patternProperties` regexes: keys are split into the 2^n classes of
    /// the patterns they match.
    static let maxPatternProperties = 6

    /// The key languages of `patternProperties` and `propertyNames`; nil when neither is present.
    mutating func patternKeys(_ object: JSONObject, path: String) throws(GrammarError) -> PatternKeys? {
        guard object["patternProperties"] != nil || object["propertyNames"] != nil else { return nil }
        let quote = GrammarNode.bytes([0x22])
        let character = CodePointSet.all.node(encoding: .jsonString)
        let universe = try ByteDFA(.sequence([quote, .repetition(character, min: 0, max: nil), quote]),
                                   limits: limits, keyword: "patternProperties", path: path)
        var patterns: [PatternKeys.Pattern] = []
        if let value = object["patternProperties"] {
            guard let table = value.object else {
                throw GrammarError(.invalidSchema, keyword: "patternProperties", path: path, detail: "patternProperties must be an object")
            }
            guard table.count <= JSONSchemaCompiler.maxPatternProperties else {
                throw GrammarError(.budgetExceeded, keyword: "patternProperties", path: path,
                                   detail: "\(table.count) patterns, at most \(JSONSchemaCompiler.maxPatternProperties)")
            }
            for (source, schema) in table {
                let parsed = try JSONSchemaCompiler.parsePattern(source, path: path + "/patternProperties")
                let keys = try ByteDFA(.sequence([quote, parsed.searchNode(encoding: .jsonString), quote]),
                                       limits: limits, keyword: "patternProperties", path: path)
                patterns.append(.init(source: source, keys: keys, schema: schema))
            }
        }
        var allowedNames: ByteDFA?
        if let names = object["propertyNames"] {
            // Keys are strings: only the string part of the schema matters.
            var stringSchema: JSONValue = names
            if case .object(let namesObject) = names {
                stringSchema = .object(try merge(namesObject, JSONObject([(key: "type", value: "string")]), path: path + "/propertyNames"))
            }
            let node = try node(for: stringSchema, path: path + "/propertyNames")
            let dfa = try ByteDFA(node, limits: limits, keyword: "propertyNames", path: path + "/propertyNames")
            allowedNames = try dfa.combined(with: universe, .intersection, limits: limits, keyword: "propertyNames", path: path)
        }
        return PatternKeys(patterns: patterns, allowedNames: allowedNames, universe: universe)
    }

    /// Members beyond the declared ones: one key class per set of matching patterns (value:
    /// all their schemas), then keys matching no pattern (value: `additionalProperties`).
    mutating func patternMembers(_ keys: PatternKeys, named: [[UInt8]], additionalValue: GrammarNode?,
                                 path: String) throws(GrammarError) -> [(key: GrammarNode, value: GrammarNode)] {
        var base = keys.universe
        if let allowed = keys.allowedNames { base = allowed }
        if !named.isEmpty {
            let declared = try ByteDFA(.choice(named.map { .bytes($0) }), limits: limits, keyword: "properties", path: path)
            base = try base.combined(with: declared, .difference, limits: limits, keyword: "patternProperties", path: path)
        }
        var result: [(key: GrammarNode, value: GrammarNode)] = []
        let count = keys.patterns.count
        for subset in 0..<(1 << count) {
            var region = base
            var schemas: [JSONValue] = []
            for (index, pattern) in keys.patterns.enumerated() {
                let inside = subset & (1 << index) != 0
                if inside { schemas.append(pattern.schema) }
                region = try region.combined(with: pattern.keys, inside ? .intersection : .difference, limits: limits,
                                             keyword: "patternProperties", path: path)
                if region.isEmpty { break }
            }
            if region.isEmpty { continue }
            let value: GrammarNode
            if schemas.isEmpty {
                guard let additionalValue else { continue }
                value = additionalValue
            } else {
                let schema: JSONValue = schemas.count == 1 ? schemas[0] : .object(JSONObject([(key: "allOf", value: .array(schemas))]))
                value = try node(for: schema, path: path + "/patternProperties")
            }
            if case .nothing = value { continue }
            result.append((region.node, value))
        }
        return result
    }
}
