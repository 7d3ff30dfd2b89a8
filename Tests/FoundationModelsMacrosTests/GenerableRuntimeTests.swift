import Foundation
import FoundationModels
import Testing

// Types expanded by the real plugin, compiled against the real FoundationModels module.

@Generable(description: "A recipe")
struct GeneratedRecipe: Equatable {
    @Guide(description: "The dish's name")
    let title: String
    @Guide(description: "Difficulty from 1 to 5", .range(1...5))
    let difficulty: Int
    @Guide(description: "Steps", .count(2...4))
    var steps: [String]
    var note: String?
    var mood: GeneratedMood
}

@Generable
enum GeneratedMood: Equatable { case cheerful, grumpy }

@Generable
public enum GeneratedReply: Equatable {
    case text(String)
    case score(value: Int)
    case none
}

@Generable
struct GeneratedTree: Equatable {
    var label: String
    var children: [GeneratedTree]
}

@Generable
public struct GeneratedTicket: Equatable {
    public var id: String
    @Guide(description: "Code", /[A-Z]{3}/)
    public var code: String?
    @Guide(.range(1...3))
    public var level: Int?
    public var `default`: Bool
    public var reply: GeneratedReply?
}

@Generable
struct GeneratedBox<Item: Generable & Equatable>: Equatable {
    var item: Item
    var items: [Item]
}

@Suite("@Generable types at run time") struct GenerableRuntimeTests {
    let recipe = GeneratedRecipe(
        title: "Kimchi tofu", difficulty: 2, steps: ["Slice", "Simmer"], note: nil, mood: .cheerful
    )

    @Test func structsRoundTripThroughJSON() throws {
        let json = recipe.generatedContent.jsonString
        let decoded = try GeneratedRecipe(GeneratedContent(json: json))
        #expect(decoded == recipe)
        #expect(try GeneratedContent(json: json).value(String.self, forProperty: "title") == "Kimchi tofu")
    }

    @Test func schemaListsPropertiesInOrderWithGuidesAndOptionality() throws {
        let schema = try jsonObject(GeneratedRecipe.generationSchema)
        #expect(schema["description"] as? String == "A recipe")
        // `x-order` is how the API records declaration order (JSON objects are unordered).
        #expect(schema["x-order"] as? [String] == ["title", "difficulty", "steps", "note", "mood"])
        #expect(schema["required"] as? [String] == ["title", "difficulty", "steps", "mood"])
        let properties = try #require(schema["properties"] as? [String: Any])
        let difficulty = try #require(properties["difficulty"] as? [String: Any])
        #expect(difficulty["minimum"] as? Int == 1)
        #expect(difficulty["maximum"] as? Int == 5)
        #expect(difficulty["description"] as? String == "Difficulty from 1 to 5")
        let steps = try #require(properties["steps"] as? [String: Any])
        #expect(steps["minItems"] as? Int == 2)
        #expect(steps["maxItems"] as? Int == 4)
        let mood = try #require(properties["mood"] as? [String: Any])
        #expect(mood["enum"] as? [String] == ["cheerful", "grumpy"])
    }

    @Test func optionalGuidesKeywordsAndOwnIDsWork() throws {
        let ticket = GeneratedTicket(id: "T-1", code: "ABC", level: nil, default: true, reply: .score(value: 2))
        #expect(try GeneratedTicket(GeneratedContent(json: ticket.generatedContent.jsonString)) == ticket)
        let schema = try jsonObject(GeneratedTicket.generationSchema)
        #expect(schema["required"] as? [String] == ["id", "default"])
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect((properties["code"] as? [String: Any])?["pattern"] as? String == "[A-Z]{3}")
        #expect((properties["level"] as? [String: Any])?["maximum"] as? Int == 3)
        let partial = ticket.asPartiallyGenerated()
        #expect(partial.id == "T-1")
        #expect(partial.default == true)
    }

    @Test func genericStructsUseTheirArgumentsSchema() throws {
        let box = GeneratedBox(item: 4, items: [1, 2])
        #expect(try GeneratedBox<Int>(GeneratedContent(json: box.generatedContent.jsonString)) == box)
        let properties = try #require(try jsonObject(GeneratedBox<Int>.generationSchema)["properties"] as? [String: Any])
        #expect((properties["item"] as? [String: Any])?["type"] as? String == "integer")
    }

    @Test func enumsRoundTrip() throws {
        for reply in [GeneratedReply.text("hi"), .score(value: 3), .none] {
            #expect(try GeneratedReply(GeneratedContent(json: reply.generatedContent.jsonString)) == reply)
        }
        #expect(GeneratedReply.score(value: 3).generatedContent == (try GeneratedContent(json: #"{"case":"score","value":3}"#)))
        #expect(GeneratedReply.text("hi").generatedContent == (try GeneratedContent(json: #"{"case":"text","_0":"hi"}"#)))
        #expect(try GeneratedMood(GeneratedContent(json: #""grumpy""#)) == .grumpy)
        let schema = try jsonObject(GeneratedReply.generationSchema)
        #expect((schema["anyOf"] as? [Any])?.count == 3)
    }

    @Test func unknownCasesThrow() {
        #expect(throws: (any Error).self) { try GeneratedMood(GeneratedContent(json: #""sleepy""#)) }
        #expect(throws: (any Error).self) { try GeneratedReply(GeneratedContent(json: #"{"case":"shout"}"#)) }
    }

    @Test func recursiveSchemasTerminate() throws {
        let tree = GeneratedTree(label: "root", children: [GeneratedTree(label: "leaf", children: [])])
        #expect(try GeneratedTree(GeneratedContent(json: tree.generatedContent.jsonString)) == tree)
        #expect(try jsonObject(GeneratedTree.generationSchema)["$defs"] != nil)
    }

    @Test func partialValuesFillInFromIncompleteJSON() throws {
        let partial = try GeneratedRecipe.PartiallyGenerated(GeneratedContent(json: #"{"title": "Kimchi", "difficulty": 2, "steps": ["Sl"#))
        #expect(partial.title == "Kimchi")
        #expect(partial.difficulty == 2)
        #expect(partial.mood == nil)
        let full = recipe.asPartiallyGenerated()
        #expect(full.title == "Kimchi tofu")
        #expect(full.steps == ["Slice", "Simmer"])
        #expect(full.note == nil)
    }
}

/// The schema as a JSON object, through its public `Codable` form.
private func jsonObject(_ schema: GenerationSchema) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(schema))
    return try #require(object as? [String: Any])
}

// Apple's two ways to represent a nil optional, expanded by the real plugin.

@Generable(representNilExplicitlyInGeneratedContent: true)
struct ExplicitContact: Equatable {
    let name: String
    var phone: String?
}

@Generable(description: "A contact", representNilExplicitlyInGeneratedContent: false)
struct OmittingContact: Equatable {
    let name: String
    var phone: String?
}

@Generable(name: "ContactCard")
struct RenamedContact: Equatable {
    var phone: String?
}

@Suite("@Generable nil representation at run time") struct GenerableNilRepresentationRuntimeTests {
    @Test func explicitNilWritesNullAndRequiresTheProperty() throws {
        let contact = ExplicitContact(name: "Ana", phone: nil)
        #expect(contact.generatedContent.jsonString == #"{"name":"Ana","phone":null}"#)
        #expect(ExplicitContact(name: "Ana", phone: "010").generatedContent.jsonString == #"{"name":"Ana","phone":"010"}"#)
        let schema = try JSONSchemaText.of(ExplicitContact.self)
        #expect(schema.contains(#""required":["name","phone"]"#))
        #expect(schema.contains(#""phone":{"anyOf":[{"type":"string"},{"type":"null"}]}"#))
        #expect(try ExplicitContact(GeneratedContent(json: #"{"name":"Ana","phone":null}"#)) == contact)
    }

    @Test func leavingNilOutOmitsThePropertyAndDoesNotRequireIt() throws {
        let contact = OmittingContact(name: "Ana", phone: nil)
        #expect(contact.generatedContent.jsonString == #"{"name":"Ana"}"#)
        #expect(OmittingContact(name: "Ana", phone: "010").generatedContent.jsonString == #"{"name":"Ana","phone":"010"}"#)
        let schema = try JSONSchemaText.of(OmittingContact.self)
        #expect(schema.contains(#""required":["name"]"#))
        #expect(schema.contains(#""phone":{"type":"string"}"#))
        // Both forms read back as nil.
        #expect(try OmittingContact(GeneratedContent(json: #"{"name":"Ana"}"#)) == contact)
        #expect(try OmittingContact(GeneratedContent(json: #"{"name":"Ana","phone":null}"#)) == contact)
        // The plain macro behaves the same way: GeneratedRecipe's nil note is left out.
        let recipe = GeneratedRecipe(title: "Soup", difficulty: 1, steps: ["a", "b"], note: nil, mood: .cheerful)
        #expect(!recipe.generatedContent.jsonString.contains("note"))
    }

    @Test func theNameOverloadRenamesTheSchemaAndLeavesNilOutByDefault() throws {
        #expect(RenamedContact.generationSchema.name == "ContactCard")
        #expect(try JSONSchemaText.of(RenamedContact.self).contains(#""title":"ContactCard""#))
        #expect(RenamedContact(phone: nil).generatedContent.jsonString == "{}")
    }
}

/// A type's JSON Schema as compact text, through the public `Codable` conformance.
enum JSONSchemaText {
    static func of(_ type: any Generable.Type) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return String(decoding: try encoder.encode(type.generationSchema), as: UTF8.self)
    }
}
