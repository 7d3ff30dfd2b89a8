import Testing

@Suite("@Generable on enums") struct GenerableEnumTests {
    @Test func plainCasesAreAStringChoice() {
        let expansion = MacroExpansion("""
        @Generable
        enum Mood {
            case cheerful, grumpy
            case curious
        }
        """)
        #expect(expansion.diagnostics == [])
        #expect(expansion.source == """

        enum Mood {
            case cheerful, grumpy
            case curious
        }

        extension Mood: nonisolated FoundationModels.Generable {
            nonisolated static var generationSchema: FoundationModels.GenerationSchema {
                FoundationModels.GenerationSchema(type: Self.self, description: nil, anyOf: ["cheerful", "grumpy", "curious"])
            }

            nonisolated init(_ content: FoundationModels.GeneratedContent) throws {
                let caseName = try content.value(String.self)
                switch caseName {
                case "cheerful":
                    self = .cheerful
                case "grumpy":
                    self = .grumpy
                case "curious":
                    self = .curious
                default:
                    throw FoundationModels.GeneratedContent._decodingFailure("Unknown case '" + caseName + "' for Mood; expected one of: cheerful, grumpy, curious", content: content)
                }
            }

            nonisolated var generatedContent: FoundationModels.GeneratedContent {
                switch self {
                case .cheerful:
                    FoundationModels.GeneratedContent(kind: .string("cheerful"))
                case .grumpy:
                    FoundationModels.GeneratedContent(kind: .string("grumpy"))
                case .curious:
                    FoundationModels.GeneratedContent(kind: .string("curious"))
                }
            }
        }
        """)
    }

    @Test func associatedValuesAreObjectsTaggedByCase() {
        let expansion = MacroExpansion("""
        @Generable(description: "A reply")
        enum Reply {
            case text(String)
            case score(value: Int, String)
            case none
        }
        """)
        #expect(expansion.diagnostics == [])
        #expect(expansion.source == """

        enum Reply {
            case text(String)
            case score(value: Int, String)
            case none
        }

        extension Reply: nonisolated FoundationModels.Generable {
            nonisolated static var generationSchema: FoundationModels.GenerationSchema {
                FoundationModels.GenerationSchema(
                    type: Self.self,
                    description: "A reply",
                    _taggedCases: [
                        FoundationModels.GenerationSchema._TaggedCase(name: "text", properties: [
                            FoundationModels.GenerationSchema.Property(name: "_0", description: nil, type: String.self, guides: []),
                        ]),
                        FoundationModels.GenerationSchema._TaggedCase(name: "score", properties: [
                            FoundationModels.GenerationSchema.Property(name: "value", description: nil, type: Int.self, guides: []),
                            FoundationModels.GenerationSchema.Property(name: "_1", description: nil, type: String.self, guides: []),
                        ]),
                        FoundationModels.GenerationSchema._TaggedCase(name: "none", properties: []),
                    ]
                )
            }

            nonisolated init(_ content: FoundationModels.GeneratedContent) throws {
                let caseName = try content.value(String.self, forProperty: "case")
                switch caseName {
                case "text":
                    self = try .text(content.value(String.self, forProperty: "_0"))
                case "score":
                    self = try .score(value: content.value(Int.self, forProperty: "value"), content.value(String.self, forProperty: "_1"))
                case "none":
                    self = .none
                default:
                    throw FoundationModels.GeneratedContent._decodingFailure("Unknown case '" + caseName + "' for Reply; expected one of: text, score, none", content: content)
                }
            }

            nonisolated var generatedContent: FoundationModels.GeneratedContent {
                switch self {
                case .text(let value0):
                    FoundationModels.GeneratedContent(properties: ["case": "text", "_0": value0])
                case .score(let value0, let value1):
                    FoundationModels.GeneratedContent(properties: ["case": "score", "value": value0, "_1": value1])
                case .none:
                    FoundationModels.GeneratedContent(properties: ["case": "none"])
                }
            }
        }
        """)
    }

    @Test func recursiveIndirectEnumsReferToThemselvesByType() {
        let expansion = MacroExpansion("""
        @Generable
        indirect enum Expression {
            case number(Double)
            case sum(Expression, Expression)
        }
        """)
        #expect(expansion.diagnostics == [])
        #expect(expansion.contains("""
        FoundationModels.GenerationSchema._TaggedCase(name: "sum", properties: [
            FoundationModels.GenerationSchema.Property(name: "_0", description: nil, type: Expression.self, guides: []),
            FoundationModels.GenerationSchema.Property(name: "_1", description: nil, type: Expression.self, guides: []),
        ]),
        """))
        #expect(expansion.contains(#"self = try .sum(content.value(Expression.self, forProperty: "_0"), content.value(Expression.self, forProperty: "_1"))"#))
    }

    @Test func backtickedCaseNamesAreTheirPlainNamesInJSON() {
        let expansion = MacroExpansion("@Generable enum Choice { case `default`, other }")
        #expect(expansion.contains(#"FoundationModels.GenerationSchema(type: Self.self, description: nil, anyOf: ["default", "other"])"#))
        #expect(expansion.contains("""
        case "default":
            self = .`default`
        """))
    }

    @Test func publicEnumsGetPublicMembersAndNoPartialType() {
        let expansion = MacroExpansion("@Generable(description: \"Size\") public enum Size { case small, large }")
        #expect(expansion.lines(startingWith: "public nonisolated") == [
            "public nonisolated static var generationSchema: FoundationModels.GenerationSchema {",
            "public nonisolated init(_ content: FoundationModels.GeneratedContent) throws {",
            "public nonisolated var generatedContent: FoundationModels.GeneratedContent {",
        ])
        #expect(expansion.source.contains(#"description: "Size", anyOf: ["small", "large"])"#))
        #expect(!expansion.source.contains("PartiallyGenerated"))
    }
}
