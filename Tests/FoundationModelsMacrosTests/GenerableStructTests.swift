import Testing

@Suite("@Generable on structs") struct GenerableStructTests {
    @Test func simpleStructExpandsToTheContractShape() {
        let expansion = MacroExpansion("""
        @Generable(description: "A recipe")
        struct RecipeCard {
            @Guide(description: "Difficulty", .range(1...5))
            let difficulty: Int
            var note: String?
        }
        """)
        #expect(expansion.diagnostics == [])
        #expect(expansion.source == """

        struct RecipeCard {
            let difficulty: Int
            var note: String?
        }

        extension RecipeCard: nonisolated FoundationModels.Generable {
            nonisolated static var generationSchema: FoundationModels.GenerationSchema {
                FoundationModels.GenerationSchema(
                    type: Self.self,
                    description: "A recipe",
                    properties: [
                        FoundationModels.GenerationSchema.Property(name: "difficulty", description: "Difficulty", type: Int.self, guides: [.range(1...5)]),
                        FoundationModels.GenerationSchema.Property(name: "note", description: nil, type: String?.self, guides: []),
                    ]
                )
            }

            nonisolated init(_ content: FoundationModels.GeneratedContent) throws {
                self.difficulty = try content.value(Int.self, forProperty: "difficulty")
                self.note = try content.value(String?.self, forProperty: "note")
            }

            nonisolated var generatedContent: FoundationModels.GeneratedContent {
                var properties: [(String, any FoundationModels.ConvertibleToGeneratedContent)] = [("difficulty", self.difficulty)]
                if let value = self.note { properties.append(("note", value)) }
                return FoundationModels.GeneratedContent(properties: properties, uniquingKeysWith: { first, _ in first })
            }

            nonisolated struct PartiallyGenerated: Identifiable, FoundationModels.ConvertibleFromGeneratedContent {
                var id: FoundationModels.GenerationID
                var difficulty: Int.PartiallyGenerated?
                var note: String.PartiallyGenerated?

                nonisolated init(id: FoundationModels.GenerationID, difficulty: Int.PartiallyGenerated?, note: String.PartiallyGenerated?) {
                    self.id = id
                    self.difficulty = difficulty
                    self.note = note
                }

                nonisolated init(_ content: FoundationModels.GeneratedContent) throws {
                    self.id = content.id ?? FoundationModels.GenerationID()
                    self.difficulty = try content.value(Int.PartiallyGenerated?.self, forProperty: "difficulty")
                    self.note = try content.value(String.PartiallyGenerated?.self, forProperty: "note")
                }
            }

            nonisolated func asPartiallyGenerated() -> PartiallyGenerated {
                PartiallyGenerated(id: FoundationModels.GenerationID(), difficulty: self.difficulty.asPartiallyGenerated(), note: self.note?.asPartiallyGenerated())
            }
        }
        """)
    }

    @Test func storedLetAndVarAreGeneratedInDeclarationOrderAndTheRestSkipped() {
        let expansion = MacroExpansion("""
        @Generable
        struct Counter {
            var count: Int = 0
            let label: String
            let version = 2
            static let shared = Counter(label: "x")
            var doubled: Int { count * 2 }
            var total: Int { get { count } set { count = newValue } }
            lazy var cache: [Int] = []
            var observed: Bool { didSet { print(observed) } }
            var width, height: Double
        }
        """)
        #expect(expansion.diagnostics == [])
        #expect(expansion.lines(startingWith: "self.").filter { $0.contains("try content.value(") && !$0.contains("PartiallyGenerated") } == [
            #"self.count = try content.value(Int.self, forProperty: "count")"#,
            #"self.label = try content.value(String.self, forProperty: "label")"#,
            #"self.observed = try content.value(Bool.self, forProperty: "observed")"#,
            #"self.width = try content.value(Double.self, forProperty: "width")"#,
            #"self.height = try content.value(Double.self, forProperty: "height")"#,
        ])
        #expect(expansion.contains("""
        FoundationModels.GeneratedContent(properties: ["count": self.count, "label": self.label, "observed": self.observed, "width": self.width, "height": self.height])
        """))
    }

    @Test func optionalsAreOptionalInTheSchemaAndUnwrappedInThePartialType() {
        let expansion = MacroExpansion("""
        @Generable
        struct Profile {
            var nickname: String?
            var age: Optional<Int>
            var tags: [String]?
        }
        """)
        #expect(expansion.diagnostics == [])
        #expect(expansion.contains("""
        FoundationModels.GenerationSchema.Property(name: "nickname", description: nil, type: String?.self, guides: []),
        FoundationModels.GenerationSchema.Property(name: "age", description: nil, type: Optional<Int>.self, guides: []),
        FoundationModels.GenerationSchema.Property(name: "tags", description: nil, type: [String]?.self, guides: []),
        """))
        #expect(expansion.contains("""
        var nickname: String.PartiallyGenerated?
        var age: Int.PartiallyGenerated?
        var tags: [String].PartiallyGenerated?
        """))
        #expect(expansion.contains("""
        PartiallyGenerated(id: FoundationModels.GenerationID(), nickname: self.nickname?.asPartiallyGenerated(), age: self.age?.asPartiallyGenerated(), tags: self.tags?.asPartiallyGenerated())
        """))
    }

    @Test func arraysUseTheArrayPartialType() {
        let expansion = MacroExpansion("""
        @Generable
        struct Recipe {
            let steps: [String]
            var scores: Array<Double>
        }
        """)
        #expect(expansion.contains(#"self.steps = try content.value([String].self, forProperty: "steps")"#))
        #expect(expansion.contains(#"self.scores = try content.value(Array<Double>.self, forProperty: "scores")"#))
        #expect(expansion.contains("""
        var steps: [String].PartiallyGenerated?
        var scores: Array<Double>.PartiallyGenerated?
        """))
    }

    @Test func nestedGenerableTypesReferToEachOtherAndExtendTheQualifiedName() {
        let expansion = MacroExpansion("""
        struct WeatherTool {
            @Generable
            struct Arguments {
                @Guide(description: "The city name")
                var city: String
                var unit: Unit
            }
            @Generable
            enum Unit { case celsius, fahrenheit }
        }
        """)
        #expect(expansion.diagnostics == [])
        #expect(expansion.contains("extension WeatherTool.Arguments: nonisolated FoundationModels.Generable {"))
        #expect(expansion.contains("extension WeatherTool.Unit: nonisolated FoundationModels.Generable {"))
        #expect(expansion.contains("""
        FoundationModels.GenerationSchema.Property(name: "city", description: "The city name", type: String.self, guides: []),
        FoundationModels.GenerationSchema.Property(name: "unit", description: nil, type: Unit.self, guides: []),
        """))
        #expect(expansion.contains("var unit: Unit.PartiallyGenerated?"))
        // The memberwise initializer survives: nothing is added inside the struct body.
        #expect(expansion.contains("""
            struct Arguments {
                var city: String
                var unit: Unit
            }
        """))
    }

    @Test func recursiveStructsReferToThemselvesOnlyThroughTypes() {
        let expansion = MacroExpansion("""
        @Generable
        struct TreeNode {
            var label: String
            var children: [TreeNode]
        }
        """)
        #expect(expansion.diagnostics == [])
        #expect(expansion.contains(#"FoundationModels.GenerationSchema.Property(name: "children", description: nil, type: [TreeNode].self, guides: []),"#))
        #expect(expansion.contains("var children: [TreeNode].PartiallyGenerated?"))
    }

    @Test func guidesAreCopiedAsWritten() {
        let expansion = MacroExpansion("""
        @Generable
        struct Character {
            @Guide(description: "Given name", .pattern(/[A-Z][a-z]+/))
            var name: String
            @Guide(.range(18...99))
            var age: Int
            @Guide(description: "Mood", .anyOf(["happy", "sad"]))
            var mood: String
            @Guide(description: "Traits", .count(3), .element(.anyOf(["kind", "brave"])))
            var traits: [String]
            @Guide(description: "Code", /[A-Z]{3}/)
            var code: String
            @Guide(description: "Score", .minimum(0), .maximum(1))
            var score: Double?
            @Guide(description: "Weights", .minimumCount(1), .maximumCount(4))
            var weights: [Float]
            @Guide(description: "Just a description")
            var note: String
        }
        """)
        #expect(expansion.diagnostics == [])
        #expect(expansion.lines(startingWith: "FoundationModels.GenerationSchema.Property(") == [
            #"FoundationModels.GenerationSchema.Property(name: "name", description: "Given name", type: String.self, guides: [.pattern(/[A-Z][a-z]+/)]),"#,
            #"FoundationModels.GenerationSchema.Property(name: "age", description: nil, type: Int.self, guides: [.range(18...99)]),"#,
            #"FoundationModels.GenerationSchema.Property(name: "mood", description: "Mood", type: String.self, guides: [.anyOf(["happy", "sad"])]),"#,
            #"FoundationModels.GenerationSchema.Property(name: "traits", description: "Traits", type: [String].self, guides: [.count(3), .element(.anyOf(["kind", "brave"]))]),"#,
            #"FoundationModels.GenerationSchema.Property(name: "code", description: "Code", type: String.self, guides: [/[A-Z]{3}/]),"#,
            #"FoundationModels.GenerationSchema.Property(name: "score", description: "Score", type: Double?.self, guides: [.minimum(0), .maximum(1)]),"#,
            #"FoundationModels.GenerationSchema.Property(name: "weights", description: "Weights", type: [Float].self, guides: [.minimumCount(1), .maximumCount(4)]),"#,
            #"FoundationModels.GenerationSchema.Property(name: "note", description: "Just a description", type: String.self, guides: []),"#,
        ])
    }

    @Test func availabilityIsRepeatedOnTheExtension() {
        let expansion = MacroExpansion("""
        @available(iOS 26, macOS 26, *)
        @Generable
        struct Notice {
            var title: String
        }
        """)
        #expect(expansion.contains("""
        @available(iOS 26, macOS 26, *)
        extension Notice: nonisolated FoundationModels.Generable {
        """))
    }

    @Test func publicTypesGetPublicMembers() {
        let expansion = MacroExpansion("""
        @Generable
        public struct Item {
            public var title: String
        }
        """)
        #expect(expansion.lines(startingWith: "public ") == [
            "public struct Item {",
            "public var title: String",
            "public nonisolated static var generationSchema: FoundationModels.GenerationSchema {",
            "public nonisolated init(_ content: FoundationModels.GeneratedContent) throws {",
            "public nonisolated var generatedContent: FoundationModels.GeneratedContent {",
            "public nonisolated struct PartiallyGenerated: Identifiable, FoundationModels.ConvertibleFromGeneratedContent {",
            "public var id: FoundationModels.GenerationID",
            "public var title: String.PartiallyGenerated?",
            "public nonisolated init(_ content: FoundationModels.GeneratedContent) throws {",
            "public nonisolated func asPartiallyGenerated() -> PartiallyGenerated {",
        ])
    }

    @Test func packageTypesGetPackageMembersAndInternalTypesNone() {
        let package = MacroExpansion("@Generable package struct Item { var title: String }")
        #expect(package.lines(startingWith: "package nonisolated").count == 6)
        let plain = MacroExpansion("@Generable struct Item { var title: String }")
        #expect(plain.lines(startingWith: "public").isEmpty)
        #expect(plain.lines(startingWith: "package").isEmpty)
        #expect(plain.lines(startingWith: "nonisolated").count == 7)  // + the partial memberwise init
    }

    @Test func anOwnIDPropertyReplacesTheGenerationID() {
        let expansion = MacroExpansion("""
        @Generable
        struct Ticket {
            var id: String
            var `default`: Bool
        }
        """)
        #expect(expansion.contains("""
        nonisolated struct PartiallyGenerated: FoundationModels.ConvertibleFromGeneratedContent {
            var id: String.PartiallyGenerated?
            var `default`: Bool.PartiallyGenerated?
        """))
        #expect(expansion.contains(#"FoundationModels.GeneratedContent(properties: ["id": self.id, "default": self.`default`])"#))
        #expect(!expansion.source.contains("GenerationID"))
        // Keyword names need backticks as variables, not as argument labels (that would warn).
        #expect(expansion.contains("""
        nonisolated init(id: String.PartiallyGenerated?, default: Bool.PartiallyGenerated?) {
            self.id = id
            self.`default` = `default`
        }
        """))
        #expect(expansion.contains("PartiallyGenerated(id: self.id.asPartiallyGenerated(), default: self.`default`.asPartiallyGenerated())"))
    }

    @Test func anExistingConformanceIsNotRepeated() {
        let expansion = MacroExpansion("@Generable struct Item: Generable { var title: String }", conformsAlready: true)
        #expect(expansion.contains("extension Item {"))
        #expect(expansion.contains("nonisolated static var generationSchema: FoundationModels.GenerationSchema {"))
    }

    @Test func anEmptyStructHasAnEmptySchemaAndContent() {
        let expansion = MacroExpansion("@Generable struct Nothing {}")
        #expect(expansion.contains("properties: []"))
        #expect(expansion.contains("FoundationModels.GeneratedContent(properties: [:])"))
        #expect(expansion.contains("PartiallyGenerated(id: FoundationModels.GenerationID())"))
    }
}
