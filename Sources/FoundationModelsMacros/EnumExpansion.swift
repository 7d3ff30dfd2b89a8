import SwiftSyntax

/// The source of the extension `@Generable` adds to an enum.
///
/// An enum of plain cases is a string with a fixed set of values. An enum with associated values
/// is an object tagged by `"case"`, holding the associated values by label (`_0`, `_1`, ... when
/// unlabeled). Either way `PartiallyGenerated` is the enum itself (the protocol's default).
struct EnumExpansion {
    let header: ExtensionHeader
    let typeName: String
    let arguments: GenerableArguments
    let cases: [EnumCase]

    private var isTagged: Bool { cases.contains { !$0.values.isEmpty } }

    var source: String {
        let access = header.access
        return """
        \(header.opening)
            \(access)nonisolated static var generationSchema: FoundationModels.GenerationSchema {
                \(arguments.named(isTagged ? taggedSchema : plainSchema))
            }

            \(access)nonisolated init(_ content: FoundationModels.GeneratedContent) throws {
                let caseName = try content.value(String.self\(isTagged ? ", forProperty: \"case\"" : ""))
                switch caseName {\(decodingCases)
                default:
                    throw FoundationModels.GeneratedContent._decodingFailure(\(unknownCaseMessage), content: content)
                }
            }

            \(access)nonisolated var generatedContent: FoundationModels.GeneratedContent {
                switch self {\(encodingCases)
                }
            }
        }
        """
    }

    private var plainSchema: String {
        let names = cases.map { literal($0.name) }.joined(separator: ", ")
        return "FoundationModels.GenerationSchema(type: Self.self, description: \(descriptionText), anyOf: [\(names)])"
    }

    private var taggedSchema: String {
        let taggedCases = cases.map { enumCase in
            let properties = enumCase.values.map { value in
                "\n                    FoundationModels.GenerationSchema.Property(name: \(literal(value.key)), "
                    + "description: nil, type: \(value.type.trimmedDescription).self, guides: []),"
            }.joined()
            let closing = enumCase.values.isEmpty ? "" : "\n                "
            return "\n                FoundationModels.GenerationSchema._TaggedCase(name: \(literal(enumCase.name)), "
                + "properties: [\(properties)\(closing)]),"
        }.joined()
        return """
        FoundationModels.GenerationSchema(
                    type: Self.self,
                    description: \(descriptionText),\(arguments.nilRepresentationArgument(indent: "            "))
                    _taggedCases: [\(taggedCases)
                    ]
                )
        """
    }

    private var descriptionText: String { arguments.description?.description ?? "nil" }

    private var decodingCases: String {
        cases.map { enumCase in
            let construction: String
            if enumCase.values.isEmpty {
                construction = "self = .\(enumCase.identifier)"
            } else {
                let arguments = enumCase.values.map { value in
                    let decode = "content.value(\(value.type.trimmedDescription).self, forProperty: \(literal(value.key)))"
                    return value.label.map { "\($0): \(decode)" } ?? decode
                }.joined(separator: ", ")
                construction = "self = try .\(enumCase.identifier)(\(arguments))"
            }
            return "\n        case \(literal(enumCase.name)):\n            \(construction)"
        }.joined()
    }

    private var encodingCases: String {
        cases.map { enumCase in
            if !isTagged {
                return "\n        case .\(enumCase.identifier):\n            "
                    + "FoundationModels.GeneratedContent(kind: .string(\(literal(enumCase.name))))"
            }
            let bindings = enumCase.values.indices.map { "let value\($0)" }.joined(separator: ", ")
            let pattern = enumCase.values.isEmpty ? "" : "(\(bindings))"
            let opening = "\n        case .\(enumCase.identifier)\(pattern):\n            "
            // A nil optional value is left out unless the attribute says to write it as null.
            if omitsNilValues, enumCase.values.contains(where: { $0.type.unwrappedOptional != nil }) {
                var lines = ["var properties: [(String, any FoundationModels.ConvertibleToGeneratedContent)] = [(\"case\", \(literal(enumCase.name)))]"]
                for (index, value) in enumCase.values.enumerated() {
                    lines.append(value.type.unwrappedOptional != nil
                        ? "if let value = value\(index) { properties.append((\(literal(value.key)), value)) }"
                        : "properties.append((\(literal(value.key)), value\(index)))")
                }
                lines.append("return FoundationModels.GeneratedContent(properties: properties, uniquingKeysWith: { first, _ in first })")
                return opening + lines.joined(separator: "\n            ")
            }
            let pairs = [("\"case\"", literal(enumCase.name))] + enumCase.values.enumerated().map { index, value in
                (literal(value.key), "value\(index)")
            }
            let properties = pairs.map { "\($0): \($1)" }.joined(separator: ", ")
            // Once one case needs statements, the switch is no longer an expression: every case returns.
            return opening + (omitsNilValues ? "return " : "") + "FoundationModels.GeneratedContent(properties: [\(properties)])"
        }.joined()
    }

    /// Whether some case has an optional associated value left out when `nil`.
    private var omitsNilValues: Bool {
        !arguments.writesNilExplicitly && cases.contains { $0.values.contains { $0.type.unwrappedOptional != nil } }
    }

    /// `"Unknown case '\(caseName)' for Mood; expected one of: cheerful, grumpy"` as source text.
    private var unknownCaseMessage: String {
        let expected = cases.map(\.name).joined(separator: ", ")
        return literal("Unknown case '") + " + caseName + " + literal("' for \(typeName); expected one of: \(expected)")
    }
}
