import Foundation
import Synchronization
import Testing
@testable import FoundationModels

struct WeatherLookup: Tool {
    let name = "getWeather"
    let description = "Gets the temperature for a city."
    let log = CallLog()

    /// The cities the tool was called for.
    final class CallLog: Sendable {
        let cities = Mutex<[String]>([])
    }

    @Generable
    struct Arguments {
        @Guide(description: "The city name")
        var city: String
    }

    func call(arguments: Arguments) async throws -> String {
        log.cities.withLock { $0.append(arguments.city) }
        if arguments.city == "Nowhere" { throw CocoaError(.fileNoSuchFile) }
        return "\(arguments.city): 21°C"
    }
}

struct Echo: Tool {
    let description = "Echoes."
    @Generable struct Arguments { var text: String }
    func call(arguments: Arguments) async throws -> String { arguments.text }
}

/// The session's tool loop on a scripted backend whose first reply is a tool call.
@Suite("Tool calling")
struct ToolCallingTests {
    @Test func toolCallIsMadeRecordedAndAnswered() async throws {
        let tool = WeatherLookup()
        let backend = ScriptedBackend(contextSize: 4096, replies: [#"{"name":"getWeather","arguments":{"city":"Seoul"}}"#, "It is 21°C in Seoul."])
        let session = LanguageModelSession(model: SystemLanguageModel(backend: backend), tools: [tool], instructions: "Use tools.")
        let response = try await session.respond(to: "How warm is Seoul?")
        #expect(response.content == "It is 21°C in Seoul.")
        #expect(tool.log.cities.withLock { $0 } == ["Seoul"])
        let kinds = session.transcript.map { entry -> String in
            switch entry {
            case .instructions: "instructions"
            case .prompt: "prompt"
            case .toolCalls: "toolCalls"
            case .toolOutput: "toolOutput"
            case .response: "response"
            }
        }
        #expect(kinds == ["instructions", "prompt", "toolCalls", "toolOutput", "response"])
        #expect(response.transcriptEntries.count == 4)
        guard case .toolOutput(let output) = session.transcript[3] else { return }
        #expect(output.segments.plainText == "Seoul: 21°C")
        guard case .instructions(let instructions) = session.transcript[0] else { return }
        #expect(instructions.toolDefinitions.map(\.name) == ["getWeather"])
    }

    @Test func streamedAnswerHidesTheToolCall() async throws {
        let backend = ScriptedBackend(contextSize: 4096, replies: [#"<tool_call>{"name":"getWeather","arguments":{"city":"Busan"}}</tool_call>"#, "Warm."])
        let session = LanguageModelSession(model: SystemLanguageModel(backend: backend), tools: [WeatherLookup()])
        var snapshots: [String] = []
        for try await snapshot in session.streamResponse(to: "Busan?") { snapshots.append(snapshot.content) }
        #expect(snapshots.last == "Warm.")
        #expect(!snapshots.contains { $0.contains("getWeather") })
    }

    @Test func failingToolThrowsToolCallError() async throws {
        let backend = ScriptedBackend(contextSize: 4096, replies: [#"{"name":"getWeather","arguments":{"city":"Nowhere"}}"#, "unused"])
        let session = LanguageModelSession(model: SystemLanguageModel(backend: backend), tools: [WeatherLookup()])
        await #expect {
            try await session.respond(to: "Weather in Nowhere?")
        } throws: { error in
            guard let error = error as? ToolCallError else { return false }
            return error.tool.name == "getWeather" && error.underlyingError is CocoaError
        }
        #expect(!session.isResponding)
    }

    @Test func textThatIsNotACallIsTheAnswer() async throws {
        let backend = ScriptedBackend(contextSize: 4096, replies: [#"{"name":"unknownTool"}"#])
        let session = LanguageModelSession(model: SystemLanguageModel(backend: backend), tools: [WeatherLookup()])
        let response = try await session.respond(to: "Hi")
        #expect(response.content == #"{"name":"unknownTool"}"#)
    }

    @Test func toolDefaultsFollowApple() {
        #expect(Echo().name == "Echo")
        #expect(Echo().includesSchemaInInstructions)
        #expect((try? Echo().parameters.jsonSchema()["properties"]?["text"]) == ["type": "string"])
    }
}
