import JSONCore

extension JSONSchemaCompiler {
    /// One character inside a JSON string literal: unescaped UTF-8 or any escape sequence.
    static let stringCharacter: GrammarNode = {
        let plain = CodePointSet([0x20...0x21, 0x23...0x5B, 0x5D...0xD7FF, 0xE000...CodePointSet.maxScalar])
        let hex = GrammarNode.byteSet([0x30...0x39, 0x41...0x46, 0x61...0x66])
        let escape = GrammarNode.sequence([
            .bytes([UInt8(ascii: "\\")]),
            .choice([
                .byteSet([0x22...0x22, 0x2F...0x2F, 0x5C...0x5C, 0x62...0x62, 0x66...0x66, 0x6E...0x6E,
                          0x72...0x72, 0x74...0x74]),
                .sequence([.bytes([UInt8(ascii: "u")]), hex, hex, hex, hex]),
            ]),
        ])
        return .choice([plain.node(encoding: .raw), escape])
    }()

    static func stringSyntax(minLength: Int, maxLength: Int?) -> GrammarNode {
        .sequence([.bytes([0x22]), .repetition(stringCharacter, min: minLength, max: maxLength), .bytes([0x22])])
    }

    mutating func stringNode(_ object: JSONObject, path: String) throws(GrammarError) -> GrammarNode {
        let minLength = try count(object, "minLength", path: path) ?? 0
        let maxLength = try count(object, "maxLength", path: path)
        if let maxLength, maxLength < minLength { return .nothing }
        // Each constraint on the string body: its node and the length bounds it implies.
        var parts: [(node: GrammarNode, bounds: (min: Int, max: Int?), keyword: String)] = []
        if let pattern = object["pattern"] {
            guard let text = pattern.string else {
                throw GrammarError(.invalidSchema, keyword: "pattern", path: path, detail: "pattern must be a string")
            }
            let parsed = try JSONSchemaCompiler.parsePattern(text, path: path + "/pattern")
            parts.append((parsed.searchNode(encoding: .jsonString), parsed.searchLengthBounds, "pattern"))
        }
        if let format = object["format"]?.string, JSONFormats.unenforced.contains(format), !options.lenient {
            throw GrammarError(.unsupportedKeyword, keyword: "format", path: path, detail: "format '\(format)' is not enforced")
        }
        if let format = object["format"]?.string, let regex = JSONFormats.regex(for: format) {
            let parsed = try ParsedRegex(pattern: regex)
            parts.append((parsed.node(encoding: .jsonString), parsed.lengthBounds, "format"))
        }
        let excluded = try JSONSchemaCompiler.excludedPatterns(object, path: path)
        if parts.isEmpty && excluded.isEmpty {
            return JSONSchemaCompiler.stringSyntax(minLength: minLength, maxLength: maxLength)
        }
        // Length bounds the constraints already imply need no intersection.
        let impliedMin = parts.map(\.bounds.min).max() ?? 0
        let impliedMax = parts.compactMap(\.bounds.max).min()
        let minimumImplied = impliedMin >= minLength
        let maximumImplied = maxLength.map { limit in impliedMax.map { $0 <= limit } ?? false } ?? true
        if parts.count == 1, excluded.isEmpty, minimumImplied && maximumImplied {
            return .sequence([.bytes([0x22]), parts[0].node, .bytes([0x22])])
        }
        // Otherwise intersect automata: constraints, length counter, minus excluded patterns.
        var body: ByteDFA?
        for part in parts {
            let dfa = try ByteDFA(part.node, limits: limits, keyword: part.keyword, path: path)
            body = try body.map { current throws(GrammarError) in
                try current.combined(with: dfa, .intersection, limits: limits, keyword: part.keyword, path: path)
            } ?? dfa
        }
        if body == nil || !(minimumImplied && maximumImplied) {
            let lengths = try canonicalStrings(min: minLength, max: maxLength, keyword: minLength > 0 ? "minLength" : "maxLength", path: path)
            body = try body.map { current throws(GrammarError) in
                try current.combined(with: lengths, .intersection, limits: limits, keyword: "maxLength", path: path)
            } ?? lengths
        }
        guard var result = body else { return .nothing }
        for pattern in excluded {
            let parsed = try JSONSchemaCompiler.parsePattern(pattern, path: path + "/not/pattern")
            let dfa = try ByteDFA(parsed.searchNode(encoding: .jsonString), limits: limits, keyword: "not", path: path)
            result = try result.combined(with: dfa, .difference, limits: limits, keyword: "not", path: path)
        }
        if result.isEmpty { return .nothing }
        return .sequence([.bytes([0x22]), result.node, .bytes([0x22])])
    }

    static func parsePattern(_ text: String, path: String) throws(GrammarError) -> ParsedRegex {
        do {
            return try ParsedRegex(pattern: text)
        } catch {
            throw GrammarError(.invalidRegex, keyword: error.keyword, path: path, detail: error.detail)
        }
    }

    /// Patterns a string must not match (the compiler's rewriting of `not: {pattern}`).
    static func excludedPatterns(_ object: JSONObject, path: String) throws(GrammarError) -> [String] {
        guard let value = object[excludedPatternsKeyword] else { return [] }
        return (value.array ?? []).compactMap(\.string)
    }

    /// Marks strings that must match none of the listed patterns (not a JSON Schema keyword).
    static let excludedPatternsKeyword = "$fm-excluded-patterns"

    /// Canonically escaped string bodies (each character written the way JSONValue writes it)
    /// of `min` to `max` characters, as an automaton.
    func canonicalStrings(min minimum: Int, max maximum: Int?, keyword: String, path: String) throws(GrammarError) -> ByteDFA {
        let character = try ByteDFA(CodePointSet.all.node(encoding: .jsonString), limits: limits, keyword: keyword, path: path)
        return try ByteDFA.counted(character, min: minimum, max: maximum, limits: limits, keyword: keyword, path: path)
    }

    /// A non-negative integer keyword (`minLength`, `maxItems`...).
    func count(_ object: JSONObject, _ keyword: String, path: String) throws(GrammarError) -> Int? {
        guard let value = object[keyword] else { return nil }
        guard let number = value.number, number.isInteger, number.doubleValue >= 0 else {
            throw GrammarError(.invalidSchema, keyword: keyword, path: path, detail: "must be a non-negative integer")
        }
        return Int(min(number.doubleValue, 1e9))
    }
}
