import Testing

/// `@Generable(name:description:representNilExplicitlyInGeneratedContent:)`: what the macro
/// writes for the schema's name and for nil optional properties, and what it rejects.
@Suite("@Generable name and nil representation") struct GenerableNilRepresentationTests {
    @Test func explicitNilPassesTheFlagAndKeepsNilsInGeneratedContent() {
        let expansion = MacroExpansion("""
        @Generable(description: "A contact", representNilExplicitlyInGeneratedContent: true)
        struct Contact {
            let name: String
            var phone: String?
        }
        """)
        #expect(expansion.diagnostics == [])
        #expect(expansion.contains("""
        FoundationModels.GenerationSchema(
            type: Self.self,
            description: "A contact",
            representNilExplicitlyInGeneratedContent: true,
            properties: [
        """))
        #expect(expansion.contains("""
        nonisolated var generatedContent: FoundationModels.GeneratedContent {
            FoundationModels.GeneratedContent(properties: ["name": self.name, "phone": self.phone])
        }
        """))
    }

    @Test func falseLeavesNilsOutAndStillPassesTheFlag() {
        let expansion = MacroExpansion("""
        @Generable(representNilExplicitlyInGeneratedContent: false)
        struct Contact {
            var phone: String?
            let name: String
            var email: String?
        }
        """)
        #expect(expansion.diagnostics == [])
        #expect(expansion.contains("representNilExplicitlyInGeneratedContent: false,"))
        // Declaration order is kept: the array starts empty when the first property is optional.
        #expect(expansion.contains("""
        var properties: [(String, any FoundationModels.ConvertibleToGeneratedContent)] = []
        if let value = self.phone { properties.append(("phone", value)) }
        properties.append(("name", self.name))
        if let value = self.email { properties.append(("email", value)) }
        return FoundationModels.GeneratedContent(properties: properties, uniquingKeysWith: { first, _ in first })
        """))
    }

    @Test func aStructWithoutOptionalsKeepsTheLiteralForm() {
        let expansion = MacroExpansion("""
        @Generable
        struct Point {
            let x: Int
            let y: Int
        }
        """)
        #expect(expansion.contains(#"FoundationModels.GeneratedContent(properties: ["x": self.x, "y": self.y])"#))
        #expect(!expansion.contains("representNilExplicitlyInGeneratedContent"))
    }

    @Test func nameRenamesTheSchemaOfStructsAndEnums() {
        let structExpansion = MacroExpansion("""
        @Generable(name: "Recipe", description: "A recipe")
        struct RecipeCardV2 {
            let title: String
        }
        """)
        #expect(structExpansion.diagnostics == [])
        #expect(structExpansion.contains("""
                properties: [
                    FoundationModels.GenerationSchema.Property(name: "title", description: nil, type: String.self, guides: []),
                ]
            )._named("Recipe")
        """))
        let enumExpansion = MacroExpansion("""
        @Generable(name: "Weather")
        enum Sky { case clear, cloudy }
        """)
        #expect(enumExpansion.contains(#"FoundationModels.GenerationSchema(type: Self.self, description: nil, anyOf: ["clear", "cloudy"])._named("Weather")"#))
    }

    @Test func enumsLeaveNilAssociatedValuesOutAndEveryCaseReturns() {
        let expansion = MacroExpansion("""
        @Generable
        enum Reply {
            case text(String, note: String?)
            case none
        }
        """)
        #expect(expansion.diagnostics == [])
        #expect(expansion.contains("""
        case .text(let value0, let value1):
            var properties: [(String, any FoundationModels.ConvertibleToGeneratedContent)] = [("case", "text")]
            properties.append(("_0", value0))
            if let value = value1 { properties.append(("note", value)) }
            return FoundationModels.GeneratedContent(properties: properties, uniquingKeysWith: { first, _ in first })
        case .none:
            return FoundationModels.GeneratedContent(properties: ["case": "none"])
        """))
        let explicit = MacroExpansion("""
        @Generable(representNilExplicitlyInGeneratedContent: true)
        enum Reply {
            case text(String, note: String?)
        }
        """)
        #expect(explicit.contains("representNilExplicitlyInGeneratedContent: true,"))
        #expect(explicit.contains(#"FoundationModels.GeneratedContent(properties: ["case": "text", "_0": value0, "note": value1])"#))
    }

    @Test(arguments: ["isProduction", "!false", "flags.explicit"])
    func aFlagThatIsNotABooleanLiteralIsAnError(expression: String) {
        let expansion = MacroExpansion("""
        @Generable(representNilExplicitlyInGeneratedContent: \(expression))
        struct Contact {
            var phone: String?
        }
        """)
        #expect(expansion.diagnostics == [
            "1:54: '@Generable' needs 'true' or 'false' for 'representNilExplicitlyInGeneratedContent', not '\(expression)' [nonLiteralNilRepresentation]"
        ])
        // The expansion goes on as without the flag, so later errors are not hidden by this one.
        #expect(expansion.contains(#"if let value = self.phone { properties.append(("phone", value)) }"#))
    }
}
