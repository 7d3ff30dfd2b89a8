import Foundation
import JSONSchemaValidation
import Testing
@testable import FoundationModels

@Generable
enum TriageLevel { case low, high }

/// Every property must be written; a missing escalation is `null`.
@Generable(representNilExplicitlyInGeneratedContent: true)
struct ExplicitTriage {
    let level: TriageLevel
    let escalation: TriageLevel?
}

@Suite("representNilExplicitlyInGeneratedContent")
struct NilRepresentationTests {
    @Test func theSchemaInitializerRequiresOptionalsAsNullableOnlyWithTheFlag() throws {
        let properties: [GenerationSchema.Property] = [.init(name: "name", type: String.self),
                                                      .init(name: "phone", description: "Digits", type: String?.self)]
        let explicit = try GenerationSchema(type: GeneratedContent.self, representNilExplicitlyInGeneratedContent: true,
                                            properties: properties).jsonSchema()
        #expect(explicit["required"] == ["name", "phone"])
        #expect(explicit["properties"]?["phone"] == ["anyOf": [["type": "string"], ["type": "null"]], "description": "Digits"])
        for omitting in [GenerationSchema(type: GeneratedContent.self, representNilExplicitlyInGeneratedContent: false, properties: properties),
                         GenerationSchema(type: GeneratedContent.self, properties: properties)] {
            let schema = try omitting.jsonSchema()
            #expect(schema["required"] == ["name"])
            #expect(schema["properties"]?["phone"] == ["type": "string", "description": "Digits"])
        }
    }

    @Test func dynamicSchemasTakeTheFlagAndANullSchema() throws {
        let contact = DynamicGenerationSchema(name: "Contact", representNilExplicitlyInGeneratedContent: true, properties: [
            .init(name: "phone", schema: .init(type: String.self), isOptional: true),
            .init(name: "name", schema: .init(type: String.self)),
        ])
        let schema = try GenerationSchema(root: contact, dependencies: []).jsonSchema()
        #expect(schema["required"] == ["phone", "name"])
        #expect(schema["properties"]?["phone"] == ["anyOf": [["type": "string"], ["type": "null"]]])
        let nullable = try GenerationSchema(root: DynamicGenerationSchema(name: "NullableContact", anyOf: [contact, .null]),
                                            dependencies: []).jsonSchema()
        #expect(nullable["anyOf"]?.array?.last == ["type": "null"])
    }

    @Test func theGrammarAcceptsNullAndRequiresTheKey() throws {
        let schema = try JSONSchema(ExplicitTriage.generationSchema.jsonSchema())
        #expect(schema.validate(try JSONValue(parsing: #"{"level":"low","escalation":null}"#)).isValid)
        #expect(schema.validate(try JSONValue(parsing: #"{"level":"low","escalation":"high"}"#)).isValid)
        #expect(!schema.validate(try JSONValue(parsing: #"{"level":"low"}"#)).isValid)
    }
}

@Suite("representNilExplicitlyInGeneratedContent on the default model", .enabled(if: defaultModelPresent, "the default model is not downloaded"))
struct NilRepresentationModelTests {
    @Test func guidedGenerationWritesEveryOptionalPropertyWhenNilIsExplicit() async throws {
        let session = LanguageModelSession(model: SystemLanguageModel(contentsOf: defaultModelURL, contextSize: 1024))
        let response = try await session.respond(to: "Triage: the printer is out of paper.", generating: ExplicitTriage.self,
                                                 options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 64))
        // The grammar requires the key, so the model wrote it: a level or null.
        guard case .structure(let properties, let keys) = response.rawContent.kind else {
            Issue.record("not an object: \(response.rawContent)")
            return
        }
        #expect(keys == ["level", "escalation"])
        let escalation = try #require(properties["escalation"])
        #expect(escalation.kind == .null || [.string("low"), .string("high")].contains(escalation.kind))
        #expect((escalation.kind == .null) == (response.content.escalation == nil))
    }
}
