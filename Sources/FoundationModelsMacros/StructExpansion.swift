import SwiftSyntax

/// The source of the extension `@Generable` adds to a struct.
struct StructExpansion {
    let header: ExtensionHeader
    let arguments: GenerableArguments
    let properties: [StoredProperty]

    /// `PartiallyGenerated` is `Identifiable` through a `GenerationID`, unless the struct has its
    /// own `id` property (which then keeps its name in the partial type too).
    private var hasOwnID: Bool { properties.contains { $0.name == "id" } }

    var source: String {
        let access = header.access
        return """
        \(header.opening)
            \(access)nonisolated static var generationSchema: FoundationModels.GenerationSchema {
                \(arguments.named(schema))
            }

            \(access)nonisolated init(_ content: FoundationModels.GeneratedContent) throws {\(assignments)
            }

            \(access)nonisolated var generatedContent: FoundationModels.GeneratedContent {
                \(generatedContentBody)
            }

            \(partialStruct)

            \(access)nonisolated func asPartiallyGenerated() -> PartiallyGenerated {
                PartiallyGenerated(\(partialArguments))
            }
        }
        """
    }

    private var schema: String {
        """
        FoundationModels.GenerationSchema(
                    type: Self.self,
                    description: \(arguments.description?.description ?? "nil"),\(arguments.nilRepresentationArgument(indent: "            "))
                    properties: [\(schemaProperties)]
                )
        """
    }

    private var schemaProperties: String {
        guard !properties.isEmpty else { return "" }
        let lines = properties.map { property in
            let guides = property.guides.map(\.description).joined(separator: ", ")
            return """
                            FoundationModels.GenerationSchema.Property(name: \(literal(property.name)), \
            description: \(property.description?.description ?? "nil"), \
            type: \(property.type.trimmedDescription).self, guides: [\(guides)]),
            """
        }
        return "\n" + lines.joined(separator: "\n") + "\n            "
    }

    private var assignments: String {
        properties.map { property in
            "\n        self.\(property.identifier.text) = try content.value(\(property.type.trimmedDescription).self, forProperty: \(literal(property.name)))"
        }.joined()
    }

    /// The properties as generated content. A `nil` optional is left out unless the attribute
    /// says `representNilExplicitlyInGeneratedContent: true`, when it is `null` (what
    /// `Optional.generatedContent` gives).
    private var generatedContentBody: String {
        guard !arguments.writesNilExplicitly, properties.contains(where: \.isOptional) else {
            return "FoundationModels.GeneratedContent(properties: [\(contentPairs)])"
        }
        let indent = "\n        "
        // The properties before the first optional start the array; the rest are appended in
        // declaration order, the optionals only when they have a value.
        let leading = properties.prefix { !$0.isOptional }
        let start = leading.map { "(\(literal($0.name)), self.\($0.identifier.text))" }.joined(separator: ", ")
        var lines = ["var properties: [(String, any FoundationModels.ConvertibleToGeneratedContent)] = [\(start)]"]
        for property in properties.dropFirst(leading.count) {
            let name = literal(property.name), value = "self.\(property.identifier.text)"
            lines.append(property.isOptional
                ? "if let value = \(value) { properties.append((\(name), value)) }"
                : "properties.append((\(name), \(value)))")
        }
        lines.append("return FoundationModels.GeneratedContent(properties: properties, uniquingKeysWith: { first, _ in first })")
        return lines.joined(separator: indent)
    }

    private var contentPairs: String {
        guard !properties.isEmpty else { return ":" }
        return properties.map { "\(literal($0.name)): self.\($0.identifier.text)" }.joined(separator: ", ")
    }

    private var partialStruct: String {
        let access = header.access
        let conformances = hasOwnID
            ? "FoundationModels.ConvertibleFromGeneratedContent"
            : "Identifiable, FoundationModels.ConvertibleFromGeneratedContent"
        var fields: [String] = []
        var parameters: [String] = []
        var memberwise: [String] = []
        var decoding: [String] = []
        if !hasOwnID {
            fields.append("\(access)var id: FoundationModels.GenerationID")
            parameters.append("id: FoundationModels.GenerationID")
            memberwise.append("self.id = id")
            decoding.append("self.id = content.id ?? FoundationModels.GenerationID()")
        }
        for property in properties {
            let name = property.identifier.text
            fields.append("\(access)var \(name): \(property.partialType)")
            // `init(default: T)` declares the parameter `default`, which the body spells `\`default\``.
            parameters.append("\(property.label): \(property.partialType)")
            memberwise.append("self.\(name) = \(name)")
            decoding.append("self.\(name) = try content.value(\(property.partialType).self, forProperty: \(literal(property.name)))")
        }
        let indent = "\n            "
        return """
        \(access)nonisolated struct PartiallyGenerated: \(conformances) {\
        \(fields.map { "\n        " + $0 }.joined())

                nonisolated init(\(parameters.joined(separator: ", "))) {\(memberwise.map { indent + $0 }.joined())
                }

                \(access)nonisolated init(_ content: FoundationModels.GeneratedContent) throws {\(decoding.map { indent + $0 }.joined())
                }
            }
        """
    }

    private var partialArguments: String {
        var arguments: [String] = hasOwnID ? [] : ["id: FoundationModels.GenerationID()"]
        for property in properties {
            let name = property.identifier.text
            let unwrap = property.isOptional ? "?" : ""
            arguments.append("\(property.label): self.\(name)\(unwrap).asPartiallyGenerated()")
        }
        return arguments.joined(separator: ", ")
    }
}

/// `text` as a Swift string literal (names are identifiers, but quotes and backslashes are
/// escaped all the same).
func literal(_ text: String) -> String {
    var result = "\""
    for character in text {
        switch character {
        case "\\": result += "\\\\"
        case "\"": result += "\\\""
        default: result.append(character)
        }
    }
    return result + "\""
}
