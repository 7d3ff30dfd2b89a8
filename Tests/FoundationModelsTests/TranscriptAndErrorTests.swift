import Foundation
import Testing
@testable import FoundationModels

@Suite("Transcript")
struct TranscriptTests {
    static let sample = Transcript(entries: [
        .instructions(.init(segments: [.text(.init(content: "Be brief."))], toolDefinitions: [.init(tool: WeatherLookup())])),
        .prompt(.init(segments: [.text(.init(content: "Weather in Seoul?"))],
                      options: GenerationOptions(sampling: .random(top: 40, seed: 7), temperature: 0.7, maximumResponseTokens: 64),
                      responseFormat: .init(type: RecipeCard.self))),
        .toolCalls(.init([Transcript.ToolCall(id: "call-1", toolName: "getWeather", arguments: GeneratedContent(properties: ["city": "Seoul"]))])),
        .toolOutput(.init(id: "call-1", toolName: "getWeather", segments: [.text(.init(content: "Seoul: 21°C"))])),
        .response(.init(assetIDs: ["a"], segments: [
            .structure(.init(source: "RecipeCard", content: GeneratedContent(properties: ["z": 1, "a": GeneratedContent(elements: [true, "x"])]))),
        ])),
    ])

    @Test func jsonRoundTripKeepsEveryEntry() throws {
        let data = try JSONEncoder().encode(Self.sample)
        let decoded = try JSONDecoder().decode(Transcript.self, from: data)
        #expect(decoded == Self.sample)
        #expect(decoded.count == 5)
        guard case .response(let response) = decoded[4], case .structure(let segment) = response.segments[0] else {
            Issue.record("lost the structured response")
            return
        }
        #expect(segment.content.jsonString == #"{"z":1,"a":[true,"x"]}"#)   // key order kept
        guard case .prompt(let prompt) = decoded[1] else { return }
        #expect(prompt.options.sampling == .random(top: 40, seed: 7))
        #expect(prompt.responseFormat?.name == "RecipeCard")
    }

    @Test func entriesDescribeThemselves() {
        #expect(Self.sample[2].description == #"Tool calls: getWeather({"city":"Seoul"})"#)
        #expect(Self.sample[3].description == "Tool output (getWeather): Seoul: 21°C")
        #expect(Set(Self.sample.map(\.id)).count == 5)
    }

    @Test func promptSchemaDropsGrammarOnlyKeywordsButKeepsPropertiesNamedTitle() throws {
        let schema = try RecipeCard.generationSchema.jsonSchema()
        let shown = PromptRenderer.promptSchema(schema)
        #expect(shown["title"] == nil)
        #expect(shown["x-order"] == nil)
        #expect(shown["additionalProperties"] == nil)
        #expect(shown["properties"]?["title"] == ["type": "string", "description": "The dish's name"])
        #expect(shown["required"] == schema["required"])
    }
}

@Suite("GenerationError")
struct GenerationErrorTests {
    @Test func descriptionsSayWhatHappenedAndWhatToDo() {
        let overflow = LanguageModelSession.GenerationError.exceededContextWindowSize(.init(
            debugDescription: "Content contains 5000 tokens, which exceeds the maximum allowed context size of 4096."))
        #expect(overflow.localizedDescription == "Exceeded the model's context window size: Content contains 5000 tokens, which exceeds the maximum allowed context size of 4096.")
        #expect(overflow.failureReason == "Content contains 5000 tokens, which exceeds the maximum allowed context size of 4096.")
        #expect(overflow.recoverySuggestion?.contains("new session") == true)
        let busy = LanguageModelSession.GenerationError.concurrentRequests(.init(debugDescription: ""))
        #expect(busy.localizedDescription == "The session is already responding to a request.")
    }

    @Test func schemaErrorsAreLocalized() {
        let error = GenerationSchema.SchemaError.duplicateProperty(schema: "Menu", property: "dish", .init(debugDescription: ""))
        #expect(error.localizedDescription == "The schema 'Menu' has more than one property named 'dish'.")
    }

    @Test func availabilityReportsAMissingFile() {
        let model = SystemLanguageModel(contentsOf: URL(fileURLWithPath: "/nonexistent/model.gguf"))
        #expect(model.availability == .unavailable(.modelNotReady))
        #expect(!model.isAvailable)
        #expect(model.contextSize == SystemLanguageModel.defaultContextSize)
        #expect(model.supportsLocale(Locale(identifier: "en_US")))
        #expect(!model.supportsLocale(Locale(identifier: "ko_KR")))
    }

    @Test func missingModelFileIsAssetsUnavailable() async {
        let model = SystemLanguageModel(contentsOf: URL(fileURLWithPath: "/nonexistent/model.gguf"))
        await #expect {
            try await LanguageModelSession(model: model).respond(to: "Hi")
        } throws: { error in
            guard case LanguageModelSession.GenerationError.assetsUnavailable(let context) = error else { return false }
            return context.debugDescription.contains("/nonexistent/model.gguf")
        }
    }
}
