import Foundation
import Testing
@testable import FoundationModels

/// The seed's weather tool, in English (the default model supports English only).
struct SeedWeatherTool: Tool {
    let name = "currentWeather"
    let description = "Returns the current temperature and conditions for a city."

    /// `@Generable struct Arguments { @Guide(description: "City name, for example Seoul") let city: String }`,
    /// written as the macro expands it (the macro plugin is on another branch).
    struct Arguments: Generable {
        let city: String

        static var generationSchema: GenerationSchema {
            GenerationSchema(type: Self.self, description: nil, properties: [
                GenerationSchema.Property(name: "city", description: "City name, for example Seoul", type: String.self, guides: []),
            ])
        }

        init(city: String) { self.city = city }

        init(_ content: GeneratedContent) throws { city = try content.value(String.self, forProperty: "city") }

        var generatedContent: GeneratedContent { GeneratedContent(properties: ["city": city]) }
    }

    static let temperatures = ["seoul": 21, "busan": 25]

    func call(arguments: Arguments) async throws -> ToolOutput {
        let temperature = Self.temperatures[arguments.city.lowercased()] ?? 18
        return ToolOutput("\(arguments.city): \(temperature)°C, clear")
    }
}

enum ToolCallingModels {
    static var smolLM2: URL {
        FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/fm/models/SmolLM2-135M-Instruct.Q4_1.gguf")
    }
    static var available: Bool { FileManager.default.fileExists(atPath: smolLM2.path) }

    static func model(contextSize: Int = 4096) throws -> SystemLanguageModel {
        SystemLanguageModel(contentsOf: smolLM2, contextSize: contextSize)
    }

    /// The product's local backend for the default model, loaded once per process.
    static func backend() throws -> LocalEngineBackend {
        try BackendCache.shared.backend(for: smolLM2, contextSize: 4096) as? LocalEngineBackend
            ?? LocalEngineBackend(url: smolLM2, contextSize: 4096)
    }
}

@Suite("Tool calling on SmolLM2-135M", .enabled(if: ToolCallingModels.available), .serialized)
struct ToolCallingModelTests {
    static let question = "What is the temperature difference between Seoul and Busan today?"

    /// Runs the seed's example (greedy) with a tool that records its calls; returns the
    /// cities asked for, the answer (nil when the loop bound ended the request) and the transcript.
    func runSeedExample(rounds: Int) async throws -> (cities: [String], answer: String?, transcript: Transcript) {
        let tool = RecordingWeatherTool()
        let session = LanguageModelSession(
            model: try ToolCallingModels.model(), tools: [tool],
            instructions: "When the user asks about weather, use the currentWeather tool.")
        session.maximumToolCallRounds = rounds
        var answer: String?
        do {
            let response: LanguageModelSession.Response<String> = try await session.respond(
                to: Self.question, options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 60))
            answer = response.content
        } catch LanguageModelSession.GenerationError.decodingFailure(let context) where context.debugDescription.contains("maximumToolCallRounds") {
            answer = nil
        }
        let cities = tool.inFlight.withLock { $0.cities }
        print("seed weather example, \(rounds) rounds: calls \(cities), answer \(answer.map { "\"\($0)\"" } ?? "none (loop bound)")")
        return (cities, answer, session.transcript)
    }

    @Test func seedWeatherExampleCallsTheToolThroughTheGrammar() async throws {
        let run = try await runSeedExample(rounds: 2)
        // The model chose calls (the grammar allowed text too) and every call's arguments
        // decoded into the tool's Arguments; a request the loop bound ends leaves the
        // transcript as it was.
        #expect(!run.cities.isEmpty)
        #expect(run.cities.allSatisfy { !$0.isEmpty })
        if run.answer == nil { #expect(run.transcript.count == 1) }
    }

    @Test func seedWeatherExampleAnswersFromBothCities() async throws {
        let run = try await runSeedExample(rounds: 4)
        // Both cities, asked for in one call turn. The model spells the second "BUSAN"
        // (greedy picks the token "B" over "Bus"), so cities compare case-insensitively; the
        // tool receives the argument as written.
        #expect(Set(run.cities.map { $0.lowercased() }) == ["seoul", "busan"])
        let answer = try #require(run.answer)
        #expect(answer.contains("21") && answer.contains("25"))
        let kinds = run.transcript.map { entry -> String in
            switch entry {
            case .instructions: "instructions"
            case .prompt: "prompt"
            case .toolCalls: "toolCalls"
            case .toolOutput: "toolOutput"
            case .response: "response"
            case .reasoning: "reasoning"
            }
        }
        #expect(kinds == ["instructions", "prompt", "toolCalls", "toolOutput", "toolOutput", "response"])
        for entry in run.transcript { print("  transcript: \(entry)") }
    }
}

@Suite("Languages on SmolLM2-135M", .enabled(if: ToolCallingModels.available), .serialized)
struct LanguageModelTests {
    @Test func englishOnlyModelRejectsKoreanAndRunsEnglish() async throws {
        let model = try ToolCallingModels.model()
        #expect(model.supportedLanguages == [Locale.Language(identifier: "en")])
        #expect(model.supportsLocale(Locale(identifier: "en_US")))
        #expect(!model.supportsLocale(Locale(identifier: "ko_KR")))
        let korean = LanguageModelSession(model: model, instructions: "사용자가 날씨를 물으면 currentWeather 도구를 사용하세요.")
        await #expect(performing: { try await korean.respond(to: "오늘 서울이랑 부산 기온 차이 알려 줘.") }, throws: { error in
            if case LanguageModelSession.GenerationError.unsupportedLanguageOrLocale = error { return true }
            return false
        })
        let english = LanguageModelSession(model: model, instructions: "When the user asks about weather, answer briefly.")
        let response = try await english.respond(to: "What is the temperature difference between Seoul and Busan today?",
                                                 options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 12))
        #expect(!response.content.isEmpty)
    }
}
