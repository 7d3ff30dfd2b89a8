import JSONSchemaValidation

extension JSONSchemaCompiler {
    /// Whether a listed `const`/`enum` value also satisfies the schema's other keywords, so
    /// the grammar, which emits the listed values literally, never emits one the rest forbids.
    /// Standard keywords are checked by the independent validator (when the schema has no
    /// `$ref` to resolve); the compiler's own rewriting markers are checked here.
    func admits(_ value: JSONValue, _ object: JSONObject, types: [String], validator: JSONSchema?,
                path: String) throws(GrammarError) -> Bool {
        guard types.contains(value.typeName) || (value.typeName == "integer" && types.contains("number")) else { return false }
        if object["const"] != nil, let list = object["enum"]?.array, !list.contains(value) { return false }
        if object[JSONSchemaCompiler.fractionalKeyword] != nil, let number = value.number, number.isInteger { return false }
        if let excluded = object[JSONSchemaCompiler.excludedMultiplesKeyword]?.array, value.number != nil {
            for step in excluded {
                // The independent validator decides `multipleOf` exactly.
                let schema = try? JSONSchema(.object(JSONObject([(key: "multipleOf", value: step)])))
                if schema?.validate(value).isValid ?? true { return false }
            }
        }
        if let text = value.string {
            let key = JSONSchemaCompiler.keyBytes(text)
            for pattern in try JSONSchemaCompiler.excludedPatterns(object, path: path) {
                let parsed = try JSONSchemaCompiler.parsePattern(pattern, path: path + "/not/pattern")
                let dfa = try ByteDFA(.sequence([.bytes([0x22]), parsed.searchNode(encoding: .jsonString), .bytes([0x22])]),
                                      limits: limits, keyword: "not", path: path)
                if dfa.matches(key) { return false }
            }
        }
        return validator?.validate(value).isValid ?? true
    }

    /// The validator of the standard keywords beside `const`/`enum`; nil when there are none or
    /// the schema has a `$ref` (relative to a document the validator would not see).
    static func validator(forOthersThanValues object: JSONObject) -> JSONSchema? {
        var standard = JSONObject()
        for (key, member) in object where key != "enum" && key != "const" && key != "type" && !key.hasPrefix("$fm-") {
            standard[key] = member
        }
        guard hasValidation(standard), !JSONValue.object(standard).serialized().contains("\"$ref\"") else { return nil }
        return try? JSONSchema(.object(standard))
    }
}
