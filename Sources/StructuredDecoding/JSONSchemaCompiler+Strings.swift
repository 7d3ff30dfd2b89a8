import JSONSchemaValidation

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
        var body: GrammarNode?
        var implied: (min: Int, max: Int?) = (0, nil)
        if let pattern = object["pattern"] {
            guard let text = pattern.string else {
                throw GrammarError(.invalidSchema, keyword: "pattern", path: path, detail: "pattern must be a string")
            }
            var parser = RegexParser(pattern: text)
            do {
                let parsed = try parser.parse()
                body = parsed.searchNode(encoding: .jsonString)
                implied = parsed.searchLengthBounds
            } catch {
                throw GrammarError(.invalidRegex, keyword: error.keyword, path: path + "/pattern", detail: error.detail)
            }
        }
        if let format = object["format"]?.string, JSONFormats.unenforced.contains(format), !options.lenient {
            throw GrammarError(.unsupportedKeyword, keyword: "format", path: path, detail: "format '\(format)' is not enforced")
        }
        if let format = object["format"]?.string, let regex = JSONFormats.regex(for: format) {
            if body != nil && !options.lenient {
                throw GrammarError(.unsupportedKeyword, keyword: "format", path: path, detail: "format together with pattern")
            }
            var parser = RegexParser(pattern: regex)
            let parsed = try parser.parse()
            body = parsed.node(encoding: .jsonString)
            implied = parsed.lengthBounds
        }
        if let body {
            // Length bounds the regex already implies need no intersection.
            let minimumImplied = implied.min >= minLength
            let maximumImplied = maxLength.map { limit in implied.max.map { $0 <= limit } ?? false } ?? true
            if !(minimumImplied && maximumImplied) && !options.lenient {
                throw GrammarError(.unsupportedKeyword, keyword: minLength > 0 ? "minLength" : "maxLength", path: path,
                                   detail: "length bounds together with pattern or format")
            }
            return .sequence([.bytes([0x22]), body, .bytes([0x22])])
        }
        return JSONSchemaCompiler.stringSyntax(minLength: minLength, maxLength: maxLength)
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
