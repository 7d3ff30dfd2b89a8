import Testing

@Suite("@Generable and @Guide diagnostics") struct GenerableDiagnosticTests {
    @Test func classesGetAnErrorOnTheAttributeAndAFixIt() {
        let expansion = MacroExpansion("""
        @Generable
        final class Recipe {
            var title: String = ""
        }
        """)
        #expect(expansion.diagnostics == [
            "1:1: '@Generable' can only be attached to a struct or an enum, not a class [unsupportedDeclaration]"
        ])
        #expect(expansion.fixIts == ["Replace 'class' with 'struct'"])
        #expect(expansion.fixItChanges == ["class -> struct"])
        #expect(!expansion.source.contains("extension"))
    }

    @Test(arguments: [
        ("@Generable actor Store {}", "an actor"),
        ("@Generable protocol Shape {}", "a protocol"),
        ("@Generable extension Int {}", "an extension"),
    ])
    func otherDeclarationsAreRejected(source: String, kind: String) {
        let expansion = MacroExpansion(source)
        #expect(expansion.diagnostics == [
            "1:1: '@Generable' can only be attached to a struct or an enum, not \(kind) [unsupportedDeclaration]"
        ])
    }

    @Test func aPropertyWithoutATypeIsNamedAndSkipped() {
        let expansion = MacroExpansion("""
        @Generable
        struct Settings {
            var retries = 3
            var name: String
        }
        """)
        #expect(expansion.diagnostics == [
            "3:9: '@Generable' needs an explicit type for property 'retries' [missingTypeAnnotation]"
        ])
        #expect(expansion.fixIts == ["Add type annotation ': Int'"])
        #expect(expansion.fixItChanges == ["retries = 3 -> retries: Int = 3"])
        #expect(expansion.lines(startingWith: "FoundationModels.GenerationSchema.Property(") == [
            #"FoundationModels.GenerationSchema.Property(name: "name", description: nil, type: String.self, guides: []),"#
        ])
    }

    @Test(arguments: [
        ("var ratio = 0.5", "Double"), ("var name = \"x\"", "String"), ("var done = false", "Bool"),
    ])
    func literalInitializersSuggestTheirType(declaration: String, type: String) {
        let expansion = MacroExpansion("@Generable struct Settings {\n    \(declaration)\n}")
        #expect(expansion.fixIts == ["Add type annotation ': \(type)'"])
    }

    @Test func otherInitializersGetNoFixIt() {
        let expansion = MacroExpansion("@Generable struct Settings {\n    var created = makeDate()\n}")
        #expect(expansion.diagnostics == [
            "2:9: '@Generable' needs an explicit type for property 'created' [missingTypeAnnotation]"
        ])
        #expect(expansion.fixIts == [])
    }

    @Test func tuplePatternsAndConditionalPropertiesAreErrors() {
        let expansion = MacroExpansion("""
        @Generable
        struct Odd {
            var (x, y): (Int, Int)
            #if DEBUG
            var trace: String
            var level = 1
            let tag = "x"
            #endif
            var ok: Bool
        }
        """)
        #expect(expansion.diagnostics == [
            "3:9: '@Generable' cannot generate property '(x, y)': declare each property with its own name and type [unsupportedProperty]",
            "5:9: '@Generable' cannot generate property 'trace': stored properties inside '#if' are not supported; move it out or give it a default value [unsupportedProperty]",
        ])
        #expect(expansion.lines(startingWith: "FoundationModels.GenerationSchema.Property(") == [
            #"FoundationModels.GenerationSchema.Property(name: "ok", description: nil, type: Bool.self, guides: []),"#
        ])
    }

    @Test func conditionalCasesAndACaseLabelAreErrors() {
        let expansion = MacroExpansion("""
        @Generable
        enum Event {
            case start(case: Int)
            #if DEBUG
            case trace(String), dump
            #endif
            case stop
        }
        """)
        #expect(expansion.diagnostics == [
            "3:16: '@Generable' cannot generate case 'start': the associated value label 'case' is the name of the tag that says which case was generated; rename it [unsupportedCase]",
            "5:10: '@Generable' cannot generate case 'trace': cases inside '#if' are not supported; move it out [unsupportedCase]",
            "5:25: '@Generable' cannot generate case 'dump': cases inside '#if' are not supported; move it out [unsupportedCase]",
        ])
    }

    @Test func guidesThatCannotApplyAreReportedOnTheirAttributeAndLeftOut() {
        let expansion = MacroExpansion("""
        @Generable
        struct Mismatched {
            @Guide(description: "Title", .range(1...5))
            var title: String
            @Guide(.count(3))
            var summary: String?
            @Guide(.anyOf(["a", "b"]))
            var level: Int
            @Guide(/[0-9]+/)
            var digits: Double
            @Guide(.minimum(1))
            var flag: Bool
            @Guide(.maximumCount(2))
            var count: Int
        }
        """)
        #expect(expansion.diagnostics == [
            "3:5: '@Guide' guide '.range' applies to Int, Double, Float or Decimal properties, but property 'title' has type 'String' [guideTypeMismatch]",
            "5:5: '@Guide' guide '.count' applies to array properties, but property 'summary' has type 'String?' [guideTypeMismatch]",
            "7:5: '@Guide' guide '.anyOf' applies to String properties, but property 'level' has type 'Int' [guideTypeMismatch]",
            "9:5: '@Guide' regex guide applies to String properties, but property 'digits' has type 'Double' [guideTypeMismatch]",
            "11:5: '@Guide' guide '.minimum' applies to Int, Double, Float or Decimal properties, but property 'flag' has type 'Bool' [guideTypeMismatch]",
            "13:5: '@Guide' guide '.maximumCount' applies to array properties, but property 'count' has type 'Int' [guideTypeMismatch]",
        ])
        // The schema keeps the description and drops the misfit, so no type-checker cascade follows.
        #expect(expansion.contains(#"FoundationModels.GenerationSchema.Property(name: "title", description: "Title", type: String.self, guides: []),"#))
        #expect(expansion.lines(startingWith: "FoundationModels.GenerationSchema.Property(").allSatisfy { $0.hasSuffix("guides: []),") })
    }

    @Test func guidesOnTypesTheMacroCannotSeeAreLeftToTheCompiler() {
        let expansion = MacroExpansion("""
        @Generable
        struct Scored {
            @Guide(.range(1...5))
            var score: Score
        }
        """)
        #expect(expansion.diagnostics == [])
        #expect(expansion.contains(#"FoundationModels.GenerationSchema.Property(name: "score", description: nil, type: Score.self, guides: [.range(1...5)]),"#))
    }

    @Test func aGuideOnAComputedPropertyIsAnError() {
        let expansion = MacroExpansion("""
        @Generable
        struct Box {
            var width: Double
            @Guide(description: "Area")
            var area: Double { width * width }
        }
        """)
        #expect(expansion.diagnostics == [
            "4:5: '@Guide' can only be attached to a stored property of a '@Generable' type, not a computed property [guideOnNonStoredProperty]"
        ])
    }
}
