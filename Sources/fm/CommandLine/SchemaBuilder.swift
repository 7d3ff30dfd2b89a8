import ArgumentParsing
import JSONCore

/// Reads `fm schema object`'s ordered property words and writes the schema, in the shape
/// Apple's `fm schema object` prints (title, type, properties, required, x-order,
/// additionalProperties: false on every object; nested objects under `$defs`, used by `$ref`).
///
/// ```swift
/// try SchemaBuilder(name: "Person", words: ["--string", "name", "--integer", "age"]).schema()
/// ```
struct SchemaBuilder {
    /// One property being declared.
    private struct Property {
        var name: String
        var schema: JSONValue
        var isOptional = false
    }

    /// An object's properties, in declaration order.
    private struct ObjectShape {
        var title: String
        var properties: [Property] = []
    }

    let name: String
    let words: [String]

    private static let typeFlags: [String: String] = [
        "--string": "string", "--integer": "integer", "--int": "integer", "--double": "number", "--float": "number",
        "--boolean": "boolean", "--bool": "boolean",
    ]
    private static let allFlags = Array(typeFlags.keys) + ["--object", "--anyOf", "--schema", "--array", "--optional", "--description"]

    /// - throws: `UsageError` naming the word that is wrong and, for a misspelt flag, the nearest one.
    func schema() throws -> JSONValue {
        var root = ObjectShape(title: name)
        var nested: [String: ObjectShape] = [:]   // by parent property, for `a.b`
        var nestedOrder: [String] = []
        var definitions = JSONObject()
        var choices: [JSONValue]?
        /// Where the last declared property lives: the root, or a nested object by its property name.
        var last: (nested: String?, index: Int)?
        var index = 0

        func value(after flag: String) throws -> String {
            guard index < words.count else { throw UsageError("\(flag) needs a value") }
            defer { index += 1 }
            return words[index]
        }
        func modify(_ flag: String, _ change: (inout Property) -> Void) throws {
            guard let target = last else { throw UsageError("\(flag) must follow a property declaration") }
            if let parent = target.nested { change(&nested[parent, default: ObjectShape(title: "")].properties[target.index]) }
            else { change(&root.properties[target.index]) }
        }
        func embedded(_ text: String) throws -> JSONValue {
            let schema: JSONValue
            do { schema = try JSONValue(parsing: text) } catch { throw UsageError("--schema is not JSON: \(error)") }
            guard case .object(var object) = schema else { throw UsageError("--schema must be a JSON object") }
            if case .object(let inner)? = object["$defs"] {
                for (key, value) in inner { definitions[key] = value }
                object["$defs"] = nil
            }
            guard let title = object["title"]?.string, !title.isEmpty else {
                throw UsageError("a --schema used by --object or --anyOf needs a \"title\" (fm schema object --name gives one)")
            }
            definitions[title] = .object(object)
            return ["$ref": .string("#/$defs/\(title)")]
        }
        func declare(_ propertyName: String, schema: JSONValue) throws {
            guard !propertyName.isEmpty else { throw UsageError("a property name must not be empty") }
            let parts = propertyName.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard parts.count <= 2, !parts.contains("") else {
                throw UsageError("'\(propertyName)': use one dot at most (object.property)")
            }
            if parts.count == 2 {
                let parent = parts[0]
                if nested[parent] == nil {
                    nested[parent] = ObjectShape(title: parent.prefix(1).uppercased() + parent.dropFirst())
                    nestedOrder.append(parent)
                    root.properties.append(Property(name: parent, schema: [:]))
                }
                nested[parent]?.properties.append(Property(name: parts[1], schema: schema))
                last = (parent, (nested[parent]?.properties.count ?? 1) - 1)
            } else {
                guard !root.properties.contains(where: { $0.name == propertyName }) else {
                    throw UsageError("property '\(propertyName)' is declared twice")
                }
                root.properties.append(Property(name: propertyName, schema: schema))
                last = (nil, root.properties.count - 1)
            }
        }

        while index < words.count {
            let word = words[index]
            index += 1
            if let type = Self.typeFlags[word] {
                try declare(try value(after: word), schema: ["type": .string(type)])
            } else if word == "--object" {
                let propertyName = try value(after: word)
                guard index < words.count, words[index] == "--schema" else {
                    throw UsageError("--object '\(propertyName)' must be followed by --schema <json>")
                }
                index += 1
                try declare(propertyName, schema: try embedded(try value(after: "--schema")))
            } else if word == "--anyOf" {
                choices = choices ?? []
                while index < words.count, words[index] == "--schema" {
                    index += 1
                    choices?.append(try embedded(try value(after: "--schema")))
                }
                if choices?.isEmpty == true { throw UsageError("--anyOf needs at least one --schema <json> after it") }
            } else if word == "--array" {
                try modify(word) { $0.schema = ["type": "array", "items": $0.schema] }
            } else if word == "--optional" {
                try modify(word) { $0.isOptional = true }
            } else if word == "--description" {
                let text = try value(after: word)
                try modify(word) { property in
                    if case .object(var object) = property.schema { object["description"] = .string(text); property.schema = .object(object) }
                }
            } else if word == "--schema" {
                throw UsageError("--schema must follow --object <name> or --anyOf")
            } else if word.hasPrefix("-") {
                let suggestion = NameSuggestion.nearest(to: word, in: Self.allFlags)
                throw UsageError("unknown property flag '\(word)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
            } else {
                throw UsageError("unexpected word '\(word)': a property is declared with a type flag first, as in --string \(word)")
            }
        }
        if let choices {
            guard root.properties.isEmpty else { throw UsageError("--anyOf builds a union: it cannot be mixed with properties") }
            var schema: JSONObject = ["title": .string(name), "anyOf": .array(choices)]
            if !definitions.isEmpty { schema["$defs"] = .object(definitions) }
            return .object(schema)
        }
        for parent in nestedOrder {
            guard let shape = nested[parent] else { continue }
            definitions[shape.title] = Self.object(shape)
            if let position = root.properties.firstIndex(where: { $0.name == parent }) {
                root.properties[position].schema = ["$ref": .string("#/$defs/\(shape.title)")]
            }
        }
        guard case .object(var schema) = Self.object(root) else { return Self.object(root) }
        if !definitions.isEmpty { schema["$defs"] = .object(definitions) }
        return .object(schema)
    }

    private static func object(_ shape: ObjectShape) -> JSONValue {
        [
            "title": .string(shape.title),
            "type": "object",
            "properties": .object(JSONObject(shape.properties.map { (key: $0.name, value: $0.schema) })),
            "required": .array(shape.properties.filter { !$0.isOptional }.map { .string($0.name) }),
            "x-order": .array(shape.properties.map { .string($0.name) }),
            "additionalProperties": false,
        ]
    }
}
