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
                // Bounded, so that a call's arguments always end within the response budget
                // whatever the model picks (20 letters, every token at least one byte).
                GenerationSchema.Property(name: "city", description: "City name, for example Seoul", type: String.self,
                                          guides: [/^[A-Za-z ]{1,20}$/]),
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
        // Whether the model calls is its choice (the grammar allows text too; greedy SmolLM2
        // calls on the CPUs measured so far): every call's arguments decoded into the tool's
        // Arguments, a request the loop bound ends leaves the transcript as it was, and an
        // answer without calls has no tool entries.
        #expect(run.cities.allSatisfy { !$0.isEmpty })
        if run.answer == nil { #expect(run.transcript.count == 1) }
        if run.cities.isEmpty {
            #expect(run.answer != nil)
            #expect(!run.transcript.contains { if case .toolCalls = $0 { true } else { false } })
        }
    }

    /// With room for more rounds, whatever the model picks (greedy, near-ties decided by the
    /// CPU's kernels): every call ran the tool with the arguments it recorded, each call turn
    /// is followed by one output per call, in order, holding what the tool returned, and an
    /// answer, when there is one, is the transcript's last entry.
    @Test func seedWeatherExampleTranscriptIsWellFormed() async throws {
        let run = try await runSeedExample(rounds: 4)
        for entry in run.transcript { print("  transcript: \(entry)") }
        guard let answer = run.answer else {
            #expect(run.transcript.count == 1, "a request the loop bound ends leaves the transcript as it was")
            return
        }
        let entries = Array(run.transcript)
        guard entries.count >= 3, case .instructions = entries[0], case .prompt = entries[1],
              case .response(let last) = entries[entries.count - 1] else {
            Issue.record("not instructions, prompt, ..., response: \(entries)")
            return
        }
        #expect(last.segments.plainText == answer)
        var calledCities: [String] = []
        var index = 2
        while index < entries.count - 1 {
            guard case .toolCalls(let calls) = entries[index] else {
                Issue.record("entry \(index) is not a tool-calls turn: \(entries[index])")
                return
            }
            index += 1
            for call in calls {
                guard index < entries.count - 1, case .toolOutput(let output) = entries[index] else {
                    Issue.record("call \(call) has no output after it")
                    return
                }
                let city = try call.arguments.value(String.self, forProperty: "city")
                #expect(call.toolName == "currentWeather" && output.toolName == "currentWeather")
                #expect(output.id == call.id)
                #expect(output.segments.plainText == "\(city): \(SeedWeatherTool.temperatures[city.lowercased()] ?? 18)°C, clear")
                calledCities.append(city)
                index += 1
            }
        }
        #expect(calledCities == run.cities, "the transcript's calls are the ones the tool ran")
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
