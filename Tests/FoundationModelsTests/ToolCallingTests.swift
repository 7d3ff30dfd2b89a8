import Foundation
import JSONSchemaValidation
import Synchronization
import Testing
@testable import FoundationModels

// Tools the api branch's TranscriptAndErrorTests use (they came with its ToolCallingTests.swift).
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

/// A tool that records how many of its calls run at once, and answers after a short wait so
/// that concurrent calls overlap.
final class RecordingWeatherTool: Tool, Sendable {
    let name = "currentWeather"
    let description = "Returns the current temperature and conditions for a city."
    typealias Arguments = SeedWeatherTool.Arguments

    let inFlight = Mutex<(now: Int, most: Int, cities: [String])>((0, 0, []))

    func call(arguments: Arguments) async throws -> String {
        inFlight.withLock { $0.now += 1; $0.most = max($0.most, $0.now); $0.cities.append(arguments.city) }
        try await Task.sleep(for: .milliseconds(100))
        inFlight.withLock { $0.now -= 1 }
        return "\(arguments.city): \(SeedWeatherTool.temperatures[arguments.city.lowercased()] ?? 18)°C, clear"
    }
}

struct FailingTool: Tool {
    struct ServiceDown: Error, Equatable {}
    let name = "currentWeather"
    let description = "Returns the current temperature and conditions for a city."
    typealias Arguments = SeedWeatherTool.Arguments
    func call(arguments: Arguments) async throws -> String { throw ServiceDown() }
}

@Suite("Tool calling: session loop")
struct ToolCallingTests {
    static let twoCities = #"<tool_call>[{"name":"currentWeather","arguments":{"city":"Seoul"}},{"name":"currentWeather","arguments":{"city":"Busan"}}]</tool_call>"#
    static let answer = "Busan is 4°C warmer than Seoul."

    func session(_ backend: ToolCallingScriptedBackend, tools: [any Tool], guardrails: SystemLanguageModel.Guardrails = .default) -> LanguageModelSession {
        LanguageModelSession(model: SystemLanguageModel(backend: backend, guardrails: guardrails), tools: tools,
                             instructions: "When the user asks about weather, use the currentWeather tool.")
    }

    @Test func callsInOneTurnRunConcurrentlyAndTheTranscriptIsInOrder() async throws {
        let backend = ToolCallingScriptedBackend(turns: [Self.twoCities, Self.answer])
        let tool = RecordingWeatherTool()
        let session = session(backend, tools: [tool])
        let response = try await session.respond(to: "What is the temperature difference between Seoul and Busan today?")

        #expect(response.content == Self.answer)
        #expect(tool.inFlight.withLock { $0.most } == 2)
        let entries = Array(session.transcript)
        #expect(entries.count == 6)
        guard entries.count == 6,
              case .instructions(let instructions) = entries[0], case .prompt = entries[1],
              case .toolCalls(let calls) = entries[2], case .toolOutput(let seoul) = entries[3],
              case .toolOutput(let busan) = entries[4], case .response(let answer) = entries[5]
        else { Issue.record("unexpected transcript: \(entries)"); return }
        #expect(instructions.toolDefinitions.map(\.name) == ["currentWeather"])
        #expect(calls.map(\.toolName) == ["currentWeather", "currentWeather"])
        #expect(try calls.map { try $0.arguments.value(String.self, forProperty: "city") } == ["Seoul", "Busan"])
        #expect(seoul.id == calls[0].id && busan.id == calls[1].id)
        #expect(seoul.segments.plainText == "Seoul: 21°C, clear")
        #expect(busan.segments.plainText == "Busan: 25°C, clear")
        #expect(answer.segments.plainText == Self.answer)
        #expect(response.transcriptEntries.count == 5)

        // The second turn read both outputs, in the native format.
        let second = try #require(backend.rendered.withLock { $0.last })
        // Both outputs of the call turn come back together in one tool turn, in call order.
        #expect(second.contains("<tool><tool_response>\nSeoul: 21°C, clear\n</tool_response>\n<tool_response>\nBusan: 25°C, clear\n</tool_response></>"))
        #expect(second.contains(#"<assistant><tool_call>[{"name":"currentWeather","arguments":{"city":"Seoul"}}"#))
    }

    @Test func aTextAnswerNeedsNoTool() async throws {
        let backend = ToolCallingScriptedBackend(turns: ["Hello there."])
        let tool = RecordingWeatherTool()
        let response = try await session(backend, tools: [tool]).respond(to: "Say hello.")
        #expect(response.content == "Hello there.")
        #expect(tool.inFlight.withLock { $0.cities }.isEmpty)
    }

    @Test func aThrowingToolSurfacesAsToolCallErrorAndLeavesTheTranscript() async throws {
        let backend = ToolCallingScriptedBackend(turns: [Self.twoCities, Self.answer])
        let session = session(backend, tools: [FailingTool()])
        let before = session.transcript
        do {
            _ = try await session.respond(to: "What is the weather in Seoul and Busan?")
            Issue.record("expected ToolCallError")
        } catch let error as ToolCallError {
            #expect(error.tool.name == "currentWeather")
            #expect(error.underlyingError is FailingTool.ServiceDown)
            #expect(error.localizedDescription.contains("currentWeather"))
        }
        #expect(session.transcript == before)
        #expect(!session.isResponding)
    }

    @Test func theLoopBoundHolds() async throws {
        let backend = ToolCallingScriptedBackend(turns: [Self.twoCities])   // calls forever
        let tool = RecordingWeatherTool()
        let session = session(backend, tools: [tool])
        session.maximumToolCallRounds = 2
        let before = session.transcript
        await #expect {
            try await session.respond(to: "What is the weather in Seoul and Busan?")
        } throws: { error in
            guard case LanguageModelSession.GenerationError.decodingFailure(let context) = error else { return false }
            return context.debugDescription.contains("maximumToolCallRounds = 2")
        }
        #expect(tool.inFlight.withLock { $0.cities }.count == 4)   // 2 turns x 2 calls, then stopped
        #expect(session.transcript == before)
        #expect(LanguageModelSession.defaultMaximumToolCallRounds == 8)
    }

    @Test(arguments: [
        #"<tool_call>[{"name":"otherTool","arguments":{"city":"Seoul"}}]</tool_call>"#,     // undeclared tool
        #"<tool_call>[{"name":"currentWeather","arguments":{"town":"Seoul"}}]</tool_call>"#, // argument not in schema
        #"<tool_call>[{"name":"currentWeather","arguments":{}}]</tool_call>"#,                // required argument missing
        #"<tool_call>[]</tool_call>"#,                                                         // a call turn without calls
        #"<tool_callx"#,                                                                       // answer spelled like the tag
    ])
    func theGrammarForbidsCallsOutsideTheToolsSchemas(script: String) async throws {
        let backend = ToolCallingScriptedBackend(turns: [script, Self.answer])
        await #expect(throws: ToolCallingScriptedBackend.ForbiddenToken.self) {
            try await session(backend, tools: [RecordingWeatherTool()]).respond(to: "Weather in Seoul?")
        }
    }

    @Test func aToolCanHideItsSchemaFromTheInstructions() async throws {
        struct HiddenTool: Tool {
            let name = "lookup"
            let description = "Looks things up."
            var includesSchemaInInstructions: Bool { false }
            typealias Arguments = SeedWeatherTool.Arguments
            func call(arguments: Arguments) async throws -> String { "found \(arguments.city)" }
        }
        let backend = ToolCallingScriptedBackend(turns: [#"<tool_call>[{"name":"lookup","arguments":{"city":"Seoul"}}]</tool_call>"#, "Done."])
        let response = try await session(backend, tools: [RecordingWeatherTool(), HiddenTool()]).respond(to: "Look up Seoul.")
        #expect(response.content == "Done.")
        let first = try #require(backend.rendered.withLock { $0.first })
        #expect(first.contains(#""name":"currentWeather""#))
        #expect(!first.contains(#""name":"lookup""#))
    }

    @Test func toolOutputIsCheckedForLanguage() async throws {
        struct KoreanTool: Tool {
            let name = "currentWeather"
            let description = "Returns the weather."
            typealias Arguments = SeedWeatherTool.Arguments
            func call(arguments: Arguments) async throws -> ToolOutput { ToolOutput("서울의 현재 기온은 21도이고 하늘은 맑습니다.") }
        }
        let backend = ToolCallingScriptedBackend(turns: [Self.twoCities, Self.answer])
        await #expect {
            try await session(backend, tools: [KoreanTool()]).respond(to: "What is the weather in Seoul?")
        } throws: { error in
            if case LanguageModelSession.GenerationError.unsupportedLanguageOrLocale = error { return true }
            return false
        }
    }

    @Test func toolOutputFromGeneratedContentIsStructured() async throws {
        struct StructuredTool: Tool {
            let name = "currentWeather"
            let description = "Returns the weather."
            typealias Arguments = SeedWeatherTool.Arguments
            func call(arguments: Arguments) async throws -> ToolOutput {
                ToolOutput(GeneratedContent(properties: ["city": arguments.city, "celsius": 21]))
            }
        }
        let backend = ToolCallingScriptedBackend(turns: [Self.twoCities, Self.answer])
        let session = session(backend, tools: [StructuredTool()])
        _ = try await session.respond(to: "What is the weather in Seoul?")
        let outputs = session.transcript.compactMap { entry -> String? in
            if case .toolOutput(let output) = entry { return output.segments.plainText } else { return nil }
        }
        #expect(outputs == [#"{"city":"Seoul","celsius":21}"#, #"{"city":"Busan","celsius":21}"#])
    }
}

@Suite("Tool calling: format, grammar and parser")
struct ToolCallFormatTests {
    @Test func parserNamesWhatIsWrong() {
        let parser = ToolCallArrayParser(toolNames: ["currentWeather"])
        #expect(throws: ToolCallParseFailure.unknownTool(index: 0, name: "x", known: ["currentWeather"])) {
            try parser.calls(in: #"[{"name":"x","arguments":{}}]"#)
        }
        #expect(throws: ToolCallParseFailure.malformedCall(index: 1)) {
            try parser.calls(in: #"[{"name":"currentWeather","arguments":{}},{"name":"currentWeather"}]"#)
        }
        #expect(throws: ToolCallParseFailure.self) { try parser.calls(in: "{") }
        #expect(throws: ToolCallParseFailure.notJSONArray("found an object")) { try parser.calls(in: "{}") }
    }

    @Test func grammarHoistsEachToolsDefinitionsUnderItsOwnPrefix() throws {
        let definition: JSONValue = ["type": "object", "$defs": ["Node": ["type": "object", "properties": ["next": ["$ref": "#/$defs/Node"]]]],
                                     "properties": ["root": ["$ref": "#/$defs/Node"]]]
        let renamed = ToolCallGrammar.renamingReferences(in: definition, prefix: "t1_")
        #expect(renamed["properties"]?["root"]?["$ref"]?.string == "#/$defs/t1_Node")
        #expect(renamed["$defs"]?["Node"]?["properties"]?["next"]?["$ref"]?.string == "#/$defs/t1_Node")
    }

    @Test func systemTextListsToolsBeforeTheInstructions() {
        let definition = Transcript.ToolDefinition(tool: SeedWeatherTool())
        let text = ArrayToolCallSyntax().systemText(instructions: "Be brief.", tools: [definition])
        #expect(text.contains(#"<tools>[{"type": "function", "function": {"name": "currentWeather", "description": "Returns the current temperature and conditions for a city.", "parameters": {"#))
        #expect(text.hasSuffix("]</tool_call>\n\nBe brief."))
        #expect(ArrayToolCallSyntax().systemText(instructions: "Be brief.", tools: []) == "Be brief.")
    }

    @Test func exampleTurnsShowAnAnsweredExchangeThenACallTurn() throws {
        let turns = ArrayToolCallSyntax().exampleTurns(for: [Transcript.ToolDefinition(tool: SeedWeatherTool())])
        #expect(turns.map(\.role) == [.user, .assistant, .tool, .assistant, .user, .assistant])
        guard turns.count == 6 else { return }
        #expect(turns[0].content == "Returns the current temperature and conditions for a city: string1 and string2?")
        #expect(turns[1].content == #"<tool_call>[{"name":"currentWeather","arguments":{"city":"string1"}},{"name":"currentWeather","arguments":{"city":"string2"}}]</tool_call>"#)
        #expect(turns[2].content == "<tool_response>\nresult for string1\n</tool_response>\n<tool_response>\nresult for string2\n</tool_response>")
        #expect(turns[3].content == "The results are result for string1 and result for string2.")
        #expect(turns[4].content == "Returns the current temperature and conditions for a city: string3 and string4?")
        // The example's calls are valid calls: they satisfy the grammar's schema.
        for index in [1, 5] {
            let calls = try ArrayToolCallSyntax().calls(in: turns[index].content, toolNames: ["currentWeather"])
            #expect(calls.count == 2)
        }
        #expect(ArrayToolCallSyntax().exampleTurns(for: []).isEmpty)
    }

    @Test func consecutiveOutputsShareOneToolTurn() {
        let call = { (city: String) in
            Transcript.ToolCall(id: city, toolName: "currentWeather", arguments: GeneratedContent(properties: ["city": city]))
        }
        let output = { (city: String) in
            Transcript.Entry.toolOutput(.init(id: city, toolName: "currentWeather", segments: [.text(.init(content: city + ": clear"))]))
        }
        let turns = PromptRenderer.turns(for: Transcript(entries: [
            .prompt(.init(segments: [.text(.init(content: "Weather?"))])),
            .toolCalls(Transcript.ToolCalls([call("Seoul"), call("Busan")])),
            output("Seoul"), output("Busan"),
            .toolCalls(Transcript.ToolCalls([call("Jeju")])),
            output("Jeju"),
        ]), syntax: ArrayToolCallSyntax())
        #expect(turns.map(\.role) == [.user, .assistant, .tool, .assistant, .tool])
        #expect(turns[2].content == "<tool_response>\nSeoul: clear\n</tool_response>\n<tool_response>\nBusan: clear\n</tool_response>")
        #expect(turns[4].content == "<tool_response>\nJeju: clear\n</tool_response>")
    }
}
