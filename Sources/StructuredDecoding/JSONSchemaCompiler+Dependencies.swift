import JSONCore

extension JSONSchemaCompiler {
    /// `dependentRequired`/`dependentSchemas` (and draft 4-7 `dependencies`) for one trigger
    /// name, as the schema `anyOf: [trigger absent, trigger present and requirement]`.
    static func dependency(_ name: String, _ requirement: JSONValue, keyword: String, path: String) throws(GrammarError) -> JSONValue {
        let absent = JSONValue.object(JSONObject([(key: "properties", value: .object(JSONObject([(key: name, value: .bool(false))])))]))
        var present = JSONObject([(key: "required", value: .array([.string(name)]))])
        switch requirement {
        case .array(let names) where keyword != "dependentSchemas":
            guard names.allSatisfy({ $0.string != nil }) else {
                throw GrammarError(.invalidSchema, keyword: keyword, path: path, detail: "'\(name)' must list property names")
            }
            present["required"] = .array([.string(name)] + names)
        case .object, .bool:
            guard keyword != "dependentRequired" else {
                throw GrammarError(.invalidSchema, keyword: keyword, path: path, detail: "'\(name)' must list property names")
            }
            present["allOf"] = .array([requirement])
        default:
            throw GrammarError(.invalidSchema, keyword: keyword, path: path, detail: "'\(name)' must be an array or a schema")
        }
        return .object(JSONObject([(key: "anyOf", value: .array([absent, .object(present)]))]))
    }
}
