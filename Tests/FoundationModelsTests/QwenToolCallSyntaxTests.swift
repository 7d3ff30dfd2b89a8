import Foundation
import JSONSchemaValidation
import Testing
@testable import FoundationModels

/// Qwen2.5's tool-call format without a model: the text it renders against what Qwen2.5's own
/// chat template writes (the template is quoted in `QwenToolCallSyntax`'s tests below), the
/// parser, the choice of format from a GGUF's template and architecture.
@Suite("Tool calling: Qwen2.5's format")
struct QwenToolCallSyntaxTests {
    let syntax = QwenToolCallSyntax(defaultInstructions: "You are Qwen, created by Alibaba Cloud. You are a helpful assistant.")
    let weather = Transcript.ToolDefinition(tool: SeedWeatherTool())

    func call(_ city: String) -> Transcript.ToolCall {
        Transcript.ToolCall(id: city, toolName: "currentWeather", arguments: GeneratedContent(properties: ["city": city]))
    }

    /// What the template's `tools` branch writes inside the system turn (after
    /// `<|im_start|>system\n`, before `<|im_end|>`), for one tool given as OpenAI-style
    /// `{"type": "function", "function": {…}}` and rendered with `tojson`.
    func templateSystemText(_ instructions: String) -> String {
        let tool = #"{"type": "function", "function": {"name": "currentWeather", "description": "Returns the current temperature and conditions for a city.", "parameters": {"type": "object", "properties": {"city": {"type": "string", "pattern": "^[A-Za-z ]{1,20}$", "description": "City name, for example Seoul"}}, "required": ["city"]}}}"#
        return instructions + "\n\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>\n"
            + tool + "\n</tools>\n\nFor each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\n<tool_call>\n{\"name\": <function-name>, \"arguments\": <args-json-object>}\n</tool_call>"
    }

    @Test func systemTextIsTheTemplatesToolsSection() {
        #expect(syntax.systemText(instructions: "Be brief.", tools: [weather]) == templateSystemText("Be brief."))
        // No instructions: the template's default system text opens the turn.
        #expect(syntax.systemText(instructions: "", tools: [weather])
                == templateSystemText("You are Qwen, created by Alibaba Cloud. You are a helpful assistant."))
        #expect(syntax.systemText(instructions: "Be brief.", tools: []) == "Be brief.")
    }

    @Test func callTurnIsOneBlockPerCall() {
        #expect(syntax.callsText([call("Seoul"), call("Busan")]) == """
            <tool_call>
            {"name": "currentWeather", "arguments": {"city": "Seoul"}}
            </tool_call>
            <tool_call>
            {"name": "currentWeather", "arguments": {"city": "Busan"}}
            </tool_call>
            """)
    }

    @Test func outputsComeBackInOneUserTurn() {
        let output = { (city: String) in
            Transcript.Entry.toolOutput(.init(id: city, toolName: "currentWeather", segments: [.text(.init(content: city + ": clear"))]))
        }
        let turns = PromptRenderer.turns(for: Transcript(entries: [
            .instructions(.init(segments: [.text(.init(content: "Be brief."))], toolDefinitions: [weather])),
            .prompt(.init(segments: [.text(.init(content: "Weather?"))])),
            .toolCalls(Transcript.ToolCalls([call("Seoul"), call("Busan")])),
            output("Seoul"), output("Busan"),
            .response(.init(assetIDs: [], segments: [.text(.init(content: "Both clear."))])),
        ]), syntax: syntax)
        #expect(turns.map(\.role) == [.system, .user, .assistant, .user, .assistant])
        #expect(turns[0].content == templateSystemText("Be brief."))
        #expect(turns[3].content == "<tool_response>\nSeoul: clear\n</tool_response>\n<tool_response>\nBusan: clear\n</tool_response>")
        #expect(syntax.exampleTurns(for: [weather]).isEmpty)
        // A bare call's JSON opens a call too (Qwen's small models leave the tag out); not so
        // in SmolLM2's format.
        #expect(syntax.untaggedCallOpening == #"{"name""#)
        #expect(ArrayToolCallSyntax().untaggedCallOpening == nil)
    }

    @Test func parserReadsWhatTheRendererWrites() throws {
        let calls = try syntax.calls(in: syntax.callsText([call("Seoul"), call("Busan")]), toolNames: ["currentWeather"])
        #expect(calls.map(\.toolName) == ["currentWeather", "currentWeather"])
        #expect(calls.map { try? $0.arguments.value(String.self, forProperty: "city") } == ["Seoul", "Busan"])
        // Compact JSON, a trailing space, a missing last closing tag (a cut-off turn).
        let loose = "<tool_call>\n{\"name\":\"currentWeather\",\"arguments\":{\"city\":\"Jeju\"}} \n</tool_call>\n<tool_call>\n{\"name\": \"currentWeather\", \"arguments\": {\"city\": \"Ulsan\"}}"
        #expect(try syntax.calls(in: loose, toolNames: ["currentWeather"]).count == 2)
        // A string argument that spells the closing tag does not end the block.
        let spelled = "<tool_call>\n{\"name\": \"currentWeather\", \"arguments\": {\"city\": \"</tool_call>\"}}\n</tool_call>"
        let inner = try syntax.calls(in: spelled, toolNames: ["currentWeather"])
        #expect(inner.count == 1)
        #expect(try inner.first?.arguments.value(String.self, forProperty: "city") == "</tool_call>")
    }

    @Test(arguments: [
        ("{\"name\": \"currentWeather\"}", ToolCallParseFailure.missingTag(expected: "<tool_call>", offset: 0)),
        ("<tool_call>\n{\"name\": \"x\", \"arguments\": {}}\n</tool_call>", .unknownTool(index: 0, name: "x", known: ["currentWeather"])),
        ("<tool_call>\n{\"name\": \"currentWeather\", \"arguments\": {}}\n</tool_call>\n<tool_call>\n{\"name\": \"currentWeather\"}\n</tool_call>", .malformedCall(index: 1)),
        ("<tool_call>\n{\"name\": \"currentWeather\", \"arguments\": {}}\n</tool_call> and then", .missingTag(expected: "<tool_call>", offset: 69)),
        ("  \n", .noCalls),
    ])
    func parserNamesWhatIsWrong(text: String, failure: ToolCallParseFailure) {
        #expect(throws: failure) { try syntax.calls(in: text, toolNames: ["currentWeather"]) }
    }

    @Test func parserRejectsABlockThatIsNotJSON() {
        let failure = #expect(throws: ToolCallParseFailure.self) {
            try syntax.calls(in: "<tool_call>\n{\"name\": \n</tool_call>", toolNames: ["currentWeather"])
        }
        guard case .notJSON(index: 0, _)? = failure else {
            Issue.record("not notJSON(index: 0): \(String(describing: failure))")
            return
        }
    }

    @Test func formatIsChosenFromTheTemplateThenTheArchitecture() {
        let qwenTemplate = #"{{- "\n</tools>\n\nFor each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\n<tool_call>\n{\"name\": <function-name>, \"arguments\": <args-json-object>}\n</tool_call><|im_end|>\n" }} {{- '\n<tool_response>\n' }}"#
        let chatML = "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n'}}{% endfor %}"
        #expect(ToolCallSyntaxSelection.syntax(chatTemplate: qwenTemplate, architecture: "llama", defaultInstructions: nil) is QwenToolCallSyntax)
        #expect(ToolCallSyntaxSelection.syntax(chatTemplate: chatML, architecture: "qwen2", defaultInstructions: nil) is QwenToolCallSyntax)
        #expect(ToolCallSyntaxSelection.syntax(chatTemplate: nil, architecture: "qwen3", defaultInstructions: nil) is QwenToolCallSyntax)
        #expect(ToolCallSyntaxSelection.syntax(chatTemplate: chatML, architecture: "llama", defaultInstructions: nil) is ArrayToolCallSyntax)
        #expect(ToolCallSyntaxSelection.syntax(chatTemplate: nil, architecture: "gemma3", defaultInstructions: nil) is ArrayToolCallSyntax)
        let chosen = ToolCallSyntaxSelection.syntax(chatTemplate: qwenTemplate, architecture: "qwen2", defaultInstructions: "Hi.") as? QwenToolCallSyntax
        #expect(chosen?.defaultInstructions == "Hi.")
    }

    @Test func callSchemaIsOneCallNotAnArray() throws {
        let grammar = try ToolCallGrammar(tools: [weather, Transcript.ToolDefinition(tool: Echo())], maximumCalls: 3)
        #expect(grammar.callSchema["type"] == nil)
        #expect(grammar.callSchema["anyOf"]?.array?.count == 2)
        #expect(grammar.arraySchema["type"]?.string == "array")
        #expect(grammar.arraySchema["maxItems"] == 3)
        #expect(try ToolCallGrammar(tools: [weather], maximumCalls: 0).maximumCalls == 1)
    }
}

/// The Qwen call grammar on a real tokenizer (the default test model's; the grammar does not
/// depend on the family): it takes the calls Qwen's template writes, spaces and the line feed
/// that ends a call included, and nothing outside the tools' schemas.
@Suite("Tool calling: Qwen2.5's call grammar", .enabled(if: ToolCallingModels.available))
struct QwenCallGrammarTests {
    /// Whether the spaced call grammar accepts all of `text`, and is complete after it.
    func accepts(_ text: String) throws -> Bool {
        let backend = try ToolCallingModels.backend()
        let grammar = try ToolCallGrammar(tools: [Transcript.ToolDefinition(tool: SeedWeatherTool())])
        let constraint = try backend.makeConstraint(jsonSchema: grammar.callSchema, spaced: true)
        for token in backend.tokenizeText(text) where !constraint.accept(token) { return false }
        return constraint.isComplete
    }

    @Test func acceptsCallsAsQwenWritesThem() throws {
        #expect(try accepts(#"{"name": "currentWeather", "arguments": {"city": "Seoul"}}"#))
        #expect(try accepts(#"{"name":"currentWeather","arguments":{"city":"Seoul"}}"#))
        #expect(try accepts("{\"name\": \"currentWeather\", \"arguments\": {\"city\": \"Seoul\"}}\n"))
    }

    @Test(arguments: [
        #"{"name": "otherTool", "arguments": {"city": "Seoul"}}"#,        // not a tool of the session
        #"{"name": "currentWeather", "arguments": {"town": "Seoul"}}"#,   // not the tool's argument
        #"{"name": "currentWeather", "arguments": {"city": "Seoul1"}}"#,  // outside the guide's pattern
        #"{"name": "currentWeather", "arguments": {}}"#,                  // argument missing
        #"[{"name": "currentWeather", "arguments": {"city": "Seoul"}}]"#, // SmolLM2's array
        "{\"name\":  \"currentWeather\", \"arguments\": {\"city\": \"Seoul\"}}", // two spaces
    ])
    func rejectsCallsOutsideTheSchemas(text: String) throws {
        #expect(try !accepts(text))
    }
}

/// Qwen's call turns through the session and the real grammar, on a byte-level scripted model
/// (`ToolCallingScriptedBackend`): what the model writes is the script, and a byte the grammar
/// forbids fails the request.
@Suite("Tool calling: Qwen2.5's format in the session loop")
struct QwenToolCallLoopTests {
    static let syntax = QwenToolCallSyntax(defaultInstructions: nil)
    static let seoul = "{\"name\": \"currentWeather\", \"arguments\": {\"city\": \"Seoul\"}}"
    static let busan = "{\"name\": \"currentWeather\", \"arguments\": {\"city\": \"Busan\"}}"

    func run(_ turns: [String], tool: RecordingWeatherTool = RecordingWeatherTool()) async throws
        -> (answer: String, transcript: Transcript, cities: [String], rendered: [String]) {
        let backend = ToolCallingScriptedBackend(turns: turns, syntax: Self.syntax)
        let session = LanguageModelSession(model: SystemLanguageModel(backend: backend), tools: [tool],
                                           instructions: "When the user asks about weather, use the currentWeather tool.")
        let answer = try await session.respond(to: "Seoul and Busan?").content
        return (answer, session.transcript, tool.inFlight.withLock { $0.cities }, backend.rendered.withLock { $0 })
    }

    func calledCities(_ transcript: Transcript) -> [[String]] {
        transcript.compactMap { entry in
            guard case .toolCalls(let calls) = entry else { return nil }
            return calls.map { (try? $0.arguments.value(String.self, forProperty: "city")) ?? "?" }
        }
    }

    @Test func twoTaggedCallsThenAnAnswer() async throws {
        let calls = "<tool_call>\n\(Self.seoul)\n</tool_call>\n<tool_call>\n\(Self.busan)\n</tool_call>"
        let run = try await run([calls, "Seoul 21°C, Busan 25°C."])
        #expect(run.answer == "Seoul 21°C, Busan 25°C.")
        #expect(calledCities(run.transcript) == [["Seoul", "Busan"]])
        #expect(run.cities.sorted() == ["Busan", "Seoul"])
        // The second prompt shows the calls as Qwen writes them and the outputs in one user turn.
        #expect(run.rendered.count == 2)
        #expect(run.rendered.last?.contains("<assistant>" + calls + "</>") == true)
        #expect(run.rendered.last?.contains("<user><tool_response>\nSeoul: 21°C, clear\n</tool_response>\n<tool_response>\nBusan: 25°C, clear\n</tool_response></>") == true)
    }

    @Test func aBareCallJSONOpensACallTurn() async throws {
        let run = try await run([Self.seoul, "21°C."])
        #expect(run.answer == "21°C.")
        #expect(calledCities(run.transcript) == [["Seoul"]])
    }

    @Test func aRepeatedCallEndsTheTurn() async throws {
        let calls = "<tool_call>\n\(Self.seoul)\n</tool_call>\n<tool_call>\n\(Self.busan)\n</tool_call>\n<tool_call>\n\(Self.seoul)\n</tool_call>"
        let run = try await run([calls, "Done."])
        #expect(calledCities(run.transcript) == [["Seoul", "Busan"]])
    }

    @Test(arguments: [
        "<tool_call>\n{\"name\": \"otherTool\", \"arguments\": {\"city\": \"Seoul\"}}\n</tool_call>",
        "<tool_call>\n{\"name\": \"currentWeather\", \"arguments\": {\"city\": \"Seoul1\"}}\n</tool_call>",
        "<tool_call>[\(seoul)]</tool_call>",
    ])
    func theGrammarForbidsCallsOutsideTheSchemas(script: String) async throws {
        await #expect(throws: ToolCallingScriptedBackend.ForbiddenToken.self) { _ = try await run([script, "Done."]) }
    }
}
