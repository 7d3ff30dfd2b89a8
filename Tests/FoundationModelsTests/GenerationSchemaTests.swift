import Foundation
import JSONSchemaValidation
import Testing
@testable import FoundationModels

@Suite("GenerationSchema")
struct GenerationSchemaTests {
    @Test func recipeCardBecomesJSONSchemaInDeclarationOrder() throws {
        let schema = try RecipeCard.generationSchema.jsonSchema()
        #expect(schema.serialized() == """
        {"type":"object","title":"RecipeCard","description":"A recipe","properties":{"title":{"type":"string","description":"The dish's name"},\
        "difficulty":{"type":"integer","minimum":1,"maximum":5,"description":"Difficulty from 1 to 5"},\
        "ingredients":{"type":"array","items":{"type":"string"}},"steps":{"type":"array","items":{"type":"string"},"minItems":1,"maxItems":6},\
        "note":{"type":"string"}},"required":["title","difficulty","ingredients","steps"],\
        "x-order":["title","difficulty","ingredients","steps","note"],"additionalProperties":false}
        """)
    }

    @Test func characterGuidesBecomeKeywords() throws {
        let schema = try Character.generationSchema.jsonSchema()
        let properties = try #require(schema["properties"])
        #expect(properties["name"]?["pattern"] == "[A-Z][a-z]+")
        #expect(properties["age"]?["minimum"] == 18)
        #expect(properties["age"]?["maximum"] == 99)
        #expect(properties["traits"]?["minItems"] == 3)
        #expect(properties["traits"]?["maxItems"] == 3)
        #expect(properties["mood"] == ["type": "string", "title": "Mood", "enum": ["cheerful", "grumpy", "curious"]])
        #expect(schema["required"] == ["name", "age", "traits", "mood"])
    }

    @Test func taggedEnumBecomesAnyOfObjectsWithConstantCase() throws {
        let schema = try Reply.generationSchema.jsonSchema()
        let choices = try #require(schema["anyOf"]?.array)
        #expect(choices.count == 3)
        #expect(choices[0]["properties"]?["case"] == ["type": "string", "const": "text"])
        #expect(choices[0]["required"] == ["case", "_0"])
        #expect(choices[1]["x-order"] == ["case", "value"])
        #expect(choices[2]["required"] == ["case"])
    }

    @Test func recursiveTypeUsesDefsAndRef() throws {
        let schema = try Comment.generationSchema.jsonSchema()
        #expect(schema["properties"]?["replies"]?["items"] == ["$ref": "#/$defs/Comment"])
        #expect(schema["properties"]?["replies"]?["maxItems"] == 3)
        let definition = try #require(schema["$defs"]?["Comment"])
        #expect(definition["properties"]?["replies"]?["items"] == ["$ref": "#/$defs/Comment"])
    }

    @Test func guidesOnEveryStandardType() throws {
        let schema = GenerationSchema(type: GeneratedContent.self, properties: [
            .init(name: "s", type: String.self, guides: [.anyOf(["a", "b"])]),
            .init(name: "c", type: String.self, guides: [.constant("k")]),
            .init(name: "d", type: Double.self, guides: [.minimum(0.5), .maximum(2)]),
            .init(name: "f", type: Float.self, guides: [.range(0...1)]),
            .init(name: "m", type: Decimal.self, guides: [.range(Decimal(string: "0.1")!...Decimal(10))]),
            .init(name: "e", type: [Int].self, guides: [.minimumCount(1), .maximumCount(4), .element(.range(0...9))]),
            .init(name: "p", type: String.self),
            .init(name: "r", type: String.self, guides: [/\d{3}/]),
            .init(name: "o", type: Int?.self, guides: [.minimum(1)]),
            .init(name: "b", type: Bool.self),
        ])
        let json = try schema.jsonSchema()
        let properties = try #require(json["properties"])
        #expect(properties["s"]?["enum"] == ["a", "b"])
        #expect(properties["c"]?["const"] == "k")
        #expect(properties["d"]?["minimum"] == 0.5)
        #expect(properties["f"]?["maximum"] == 1)
        #expect(properties["m"]?["minimum"]?.number?.literal == "0.1")
        #expect(properties["e"]?["items"] == ["type": "integer", "minimum": 0, "maximum": 9])
        #expect(properties["e"]?["minItems"] == 1)
        #expect(properties["r"]?["pattern"] == "\\d{3}")
        #expect(properties["o"]?["minimum"] == 1)
        #expect(properties["b"] == ["type": "boolean"])
        #expect(json["required"] == ["s", "c", "d", "f", "m", "e", "p", "r", "b"])
    }

    @Test func regexWithoutSourceIsAnUnsupportedGuide() throws {
        let regex = try Regex("[0-9]+")
        let schema = GenerationSchema(type: GeneratedContent.self, properties: [.init(name: "n", type: String.self, guides: [regex])])
        // A Regex built from a string keeps no literal pattern: the guide cannot be enforced.
        if regex._literalPattern == nil {
            #expect(throws: LanguageModelSession.GenerationError.self) { try schema.jsonSchema() }
        } else {
            #expect(try schema.jsonSchema()["properties"]?["n"]?["pattern"] == "[0-9]+")
        }
    }

    @Test func dynamicSchemaMatchesTheCompatSample() throws {
        let menu = DynamicGenerationSchema(name: "Menu", properties: [
            .init(name: "dish", schema: .init(type: String.self)),
            .init(name: "price", description: "Price in dollars", schema: .init(type: Double.self)),
            .init(name: "tags", schema: .init(arrayOf: .init(type: String.self), minimumElements: 1, maximumElements: 3)),
            .init(name: "size", schema: .init(name: "Size", anyOf: ["small", "large"]), isOptional: true),
        ])
        let json = try GenerationSchema(root: menu, dependencies: []).jsonSchema()
        #expect(json.serialized() == """
        {"type":"object","title":"Menu","properties":{"dish":{"type":"string"},"price":{"type":"number","description":"Price in dollars"},\
        "tags":{"type":"array","items":{"type":"string"},"minItems":1,"maxItems":3},"size":{"type":"string","title":"Size","enum":["small","large"]}},\
        "required":["dish","price","tags"],"x-order":["dish","price","tags","size"],"additionalProperties":false}
        """)
    }

    @Test func aDecodedSchemaWithoutXOrderTakesRequiredThenSortedOrder() throws {
        // JSONDecoder hands keys over in hash order, which changes from process to process; the
        // grammar generates properties in this order, so it must not depend on the run.
        let json = #"{"type":"object","title":"T","properties":{"zeta":{"type":"string"},"beta":{"type":"integer"},"alpha":{"type":"boolean"},"omega":{"type":"string"}},"required":["omega","beta"]}"#
        let schema = try JSONDecoder().decode(GenerationSchema.self, from: Data(json.utf8))
        let properties = try #require(schema.jsonSchema()["properties"]?.object)
        #expect(properties.map(\.key) == ["omega", "beta", "alpha", "zeta"])
        let unordered = #"{"type":"object","title":"U","properties":{"c":{"type":"string"},"a":{"type":"string"},"b":{"type":"string"}}}"#
        let sorted = try JSONDecoder().decode(GenerationSchema.self, from: Data(unordered.utf8))
        #expect(try #require(sorted.jsonSchema()["properties"]?.object).map(\.key) == ["a", "b", "c"])
    }

    @Test func dynamicReferencesResolveThroughDefs() throws {
        let node = DynamicGenerationSchema(name: "Node", properties: [
            .init(name: "value", schema: .init(type: Int.self)),
            .init(name: "children", schema: .init(arrayOf: .init(referenceTo: "Node"))),
            .init(name: "kind", schema: .init(referenceTo: "Kind")),
        ])
        let kind = DynamicGenerationSchema(name: "Kind", anyOf: ["leaf", "branch"])
        let json = try GenerationSchema(root: node, dependencies: [kind]).jsonSchema()
        #expect(json["properties"]?["kind"] == ["$ref": "#/$defs/Kind"])
        #expect(json["$defs"]?["Kind"]?["enum"] == ["leaf", "branch"])
        #expect(json["properties"]?["children"]?["items"] == ["$ref": "#/$defs/Node"])
    }

    @Test func dynamicSchemaErrorsNameTheProblem() {
        let duplicate = DynamicGenerationSchema(name: "A", properties: [
            .init(name: "x", schema: .init(type: Int.self)), .init(name: "x", schema: .init(type: String.self)),
        ])
        #expect {
            _ = try GenerationSchema(root: duplicate, dependencies: [])
        } throws: { error in
            guard case GenerationSchema.SchemaError.duplicateProperty(let schema, let property, _) = error else { return false }
            return schema == "A" && property == "x"
        }
        let a = DynamicGenerationSchema(name: "A", anyOf: ["1"])
        #expect {
            _ = try GenerationSchema(root: a, dependencies: [DynamicGenerationSchema(name: "A", anyOf: ["2"])])
        } throws: { error in
            guard case GenerationSchema.SchemaError.duplicateType(_, let type, _) = error else { return false }
            return type == "A"
        }
        let dangling = DynamicGenerationSchema(name: "B", properties: [.init(name: "y", schema: .init(referenceTo: "Missing"))])
        #expect {
            _ = try GenerationSchema(root: dangling, dependencies: [])
        } throws: { error in
            guard case GenerationSchema.SchemaError.undefinedReferences(_, let references, _) = error else { return false }
            return references == ["Missing"] && error.localizedDescription.contains("Missing")
        }
        #expect(throws: GenerationSchema.SchemaError.self) {
            _ = try GenerationSchema(root: DynamicGenerationSchema(name: "E", anyOf: [] as [String]), dependencies: [])
        }
    }

    @Test func codableRoundTripKeepsTheJSONSchema() throws {
        let data = try JSONEncoder().encode(RecipeCard.generationSchema)
        let decoded = try JSONDecoder().decode(GenerationSchema.self, from: data)
        #expect(try decoded.jsonSchema() == RecipeCard.generationSchema.jsonSchema())
        // Property order survives although decoders do not keep key order.
        #expect(try decoded.jsonSchema()["properties"]?.object?.keys == ["title", "difficulty", "ingredients", "steps", "note"])
    }

    @Test func everySchemaIsValidForTheValidatorsParser() throws {
        for schema in [RecipeCard.generationSchema, Character.generationSchema, Reply.generationSchema, Comment.generationSchema] {
            let text = try schema.jsonSchema().serialized()
            #expect(throws: Never.self) { _ = try JSONValue(parsing: text) }
        }
    }
}
