import Foundation
import Synchronization
import Testing
import FoundationModels

// Two models written the way a third party writes one, against the public protocol only
// (plain `import`, no @testable): an echo model, and a scripted model that streams text,
// structure, reasoning and tool calls as a real provider would.

/// Answers every prompt with the prompt's text, one word per event.
struct EchoModel: LanguageModel {
    typealias Executor = EchoExecutor
    var capabilities: LanguageModelCapabilities { LanguageModelCapabilities([]) }
    var executorConfiguration: EchoExecutor.Configuration { .init(prefix: "echo: ") }
}

struct EchoExecutor: LanguageModelExecutor {
    struct Configuration: Hashable, Sendable { var prefix: String }
    let prefix: String

    init(configuration: Configuration) { prefix = configuration.prefix }

    func respond(to request: LanguageModelExecutorGenerationRequest, model: EchoModel,
                 streamingInto channel: LanguageModelExecutorGenerationChannel) async throws {
        guard case .prompt(let prompt)? = request.transcript.last else { return }
        let words = (prefix + prompt.segments.map(\.description).joined()).split(separator: " ", omittingEmptySubsequences: false)
        await channel.send(.response(action: .updateUsage(input: .init(totalTokenCount: 7, cachedTokenCount: 2),
                                                          output: .init(totalTokenCount: 0, reasoningTokenCount: 0))))
        for (index, word) in words.enumerated() {
            await channel.send(.response(action: .appendText(index == 0 ? String(word) : " " + word, tokenCount: 1)))
        }
        await channel.send(.response(action: .updateUsage(input: .init(totalTokenCount: 7, cachedTokenCount: 2),
                                                          output: .init(totalTokenCount: words.count, reasoningTokenCount: 0))))
    }
}

/// Plays a script: each call to the executor takes the next turn.
struct ScriptedModel: LanguageModel {
    enum Turn: Sendable {
        case text([String])
        case reasoningThenText(reasoning: String, text: String)
        case calls([(name: String, argumentPieces: [String])])
        case failure(String)
    }

    typealias Executor = ScriptedExecutor
    let script: Script
    var capabilities: LanguageModelCapabilities { LanguageModelCapabilities([.guidedGeneration, .toolCalling, .reasoning]) }
    var executorConfiguration: ScriptedExecutor.Configuration { .init() }

    /// The turns and what the executor was asked, shared with the test.
    final class Script: Sendable {
        let turns: Mutex<[Turn]>
        let requests = Mutex<[LanguageModelExecutorGenerationRequest]>([])
        init(_ turns: [Turn]) { self.turns = Mutex(turns) }
    }
}

struct ScriptedError: Error, Equatable { let message: String }

struct ScriptedExecutor: LanguageModelExecutor {
    struct Configuration: Hashable, Sendable {}
    init(configuration: Configuration) throws {}

    func respond(to request: LanguageModelExecutorGenerationRequest, model: ScriptedModel,
                 streamingInto channel: LanguageModelExecutorGenerationChannel) async throws {
        model.script.requests.withLock { $0.append(request) }
        let turn = model.script.turns.withLock { $0.isEmpty ? ScriptedModel.Turn.text(["(end)"]) : $0.removeFirst() }
        switch turn {
        case .text(let pieces):
            for piece in pieces { await channel.send(.response(action: .appendText(piece, tokenCount: 1))) }
        case .reasoningThenText(let reasoning, let text):
            await channel.send(.reasoning(action: .appendText(reasoning, tokenCount: 3)))
            await channel.send(.response(action: .appendText(text, tokenCount: 2)))
        case .calls(let calls):
            for (index, call) in calls.enumerated() {
                for piece in call.argumentPieces {
                    await channel.send(.toolCalls(action: .toolCall(id: "call-\(index)", name: call.name,
                                                                    action: .appendArguments(piece, tokenCount: 1))))
                }
            }
        case .failure(let message):
            throw ScriptedError(message: message)
        }
    }
}

/// Reports the city it was asked about.
struct CityTool: Tool {
    let name = "cityInfo"
    let description = "Facts about a city."

    @Generable struct Arguments {
        @Guide(description: "The city") let city: String
    }

    func call(arguments: Arguments) async throws -> String { "\(arguments.city) has 10 million people." }
}

@Generable struct ScriptedPoint {
    let x: Int
    let y: Int
}

@Suite("LanguageModel seam: third-party models through LanguageModelSession")
struct LanguageModelSeamTests {
    @Test func echoRespondsAndReportsUsage() async throws {
        let session = LanguageModelSession(model: EchoModel(), instructions: "Repeat.")
        let response = try await session.respond(to: "hello there world")
        #expect(response.content == "echo: hello there world")
        #expect(response.usage.input.totalTokenCount == 7)
        #expect(response.usage.input.cachedTokenCount == 2)
        #expect(response.usage.output.totalTokenCount == 4)
        #expect(session.transcript.count == 3)   // instructions, prompt, response
        _ = try await session.respond(to: "again")
        #expect(session.usage.output.totalTokenCount == 4 + 2)
        #expect(session.usage.input.totalTokenCount == 14)
    }

    @Test func echoStreamsCumulativeSnapshots() async throws {
        let session = LanguageModelSession(model: EchoModel())
        let stream = session.streamResponse(to: "one two three")
        var snapshots: [String] = []
        for try await snapshot in stream { snapshots.append(snapshot.content) }
        #expect(snapshots.first == "echo:")
        #expect(snapshots.last == "echo: one two three")
        for (previous, next) in zip(snapshots, snapshots.dropFirst()) { #expect(next.hasPrefix(previous)) }
        let response = try await stream.collect()
        #expect(response.content == "echo: one two three")
        #expect(response.usage.output.totalTokenCount == 4)
    }

    @Test func modelWithoutCapabilitiesGetsApplesErrorNotTheExecutor() async throws {
        let session = LanguageModelSession(model: EchoModel(), tools: [CityTool()])
        await #expect {
            try await session.respond(to: "hi")
        } throws: { error in
            guard case LanguageModelError.unsupportedCapability(let failure) = error else { return false }
            return failure.capability == .toolCalling
        }
        let plain = LanguageModelSession(model: EchoModel())
        await #expect {
            try await plain.respond(to: "a point", generating: ScriptedPoint.self)
        } throws: { error in
            guard case LanguageModelError.unsupportedCapability(let failure) = error else { return false }
            return failure.capability == .guidedGeneration
        }
        #expect(plain.transcript.isEmpty)
        // With tool calling off for the request, the toolless echo model may answer.
        let response = try await session.respond(to: "hi", options: GenerationOptions(toolCallingMode: .disallowed))
        #expect(response.content == "echo: hi")
    }

    @Test func scriptedStructureIsParsedAndStreamed() async throws {
        let script = ScriptedModel.Script([.text([#"{"x": 1"#, #", "y": 2}"#])])
        let session = LanguageModelSession(model: ScriptedModel(script: script))
        let stream = session.streamResponse(to: "a point", generating: ScriptedPoint.self)
        var partials: [ScriptedPoint.PartiallyGenerated] = []
        for try await snapshot in stream { partials.append(snapshot.content) }
        #expect(partials.first?.x == 1)
        let point = try await stream.collect().content
        #expect(point.x == 1 && point.y == 2)
        let request = try #require(script.requests.withLock { $0.first })
        #expect(request.schema?.name == "ScriptedPoint")
        guard case .response(let entry)? = session.transcript.last, case .structure(let segment)? = entry.segments.first else {
            Issue.record("the response is not a structured segment: \(session.transcript)")
            return
        }
        #expect(segment.content.jsonString.contains("\"y\""))
    }

    @Test func scriptedToolCallsRunAndTheModelIsAskedAgain() async throws {
        let script = ScriptedModel.Script([
            .calls([(name: "cityInfo", argumentPieces: [#"{"city""#, #": "Seoul"}"#])]),
            .text(["Seoul is big."]),
        ])
        let session = LanguageModelSession(model: ScriptedModel(script: script), tools: [CityTool()])
        let response = try await session.respond(to: "Tell me about Seoul.")
        #expect(response.content == "Seoul is big.")
        let requests = script.requests.withLock { $0 }
        #expect(requests.count == 2)
        #expect(requests[0].enabledToolDefinitions.map(\.name) == ["cityInfo"])
        // The second request carries the call and its output.
        let kinds = requests[1].transcript.map { entry -> String in
            switch entry {
            case .instructions: "instructions"
            case .prompt: "prompt"
            case .toolCalls: "calls"
            case .toolOutput: "output"
            case .response: "response"
            case .reasoning: "reasoning"
            }
        }
        #expect(kinds == ["instructions", "prompt", "calls", "output"])
        guard case .toolOutput(let output) = requests[1].transcript.last else { return }
        #expect(output.segments.map(\.description).joined() == "Seoul has 10 million people.")
        #expect(session.transcript.count == 5)
    }

    @Test func callToAnUnknownToolFailsAndLeavesTheTranscript() async throws {
        let script = ScriptedModel.Script([.calls([(name: "nope", argumentPieces: ["{}"])])])
        let session = LanguageModelSession(model: ScriptedModel(script: script), tools: [CityTool()])
        await #expect(throws: LanguageModelSession.GenerationError.self) { try await session.respond(to: "hi") }
        #expect(session.transcript.count == 1)   // only the instructions with the tool
        #expect(!session.isResponding)
    }

    @Test func executorErrorsReachTheCaller() async throws {
        let script = ScriptedModel.Script([.failure("server said no")])
        let session = LanguageModelSession(model: ScriptedModel(script: script))
        await #expect(throws: ScriptedError(message: "server said no")) { try await session.respond(to: "hi") }
        #expect(session.transcript.isEmpty)
    }

    @Test func reasoningBecomesItsOwnEntry() async throws {
        let script = ScriptedModel.Script([.reasoningThenText(reasoning: "Think.", text: "Done.")])
        let session = LanguageModelSession(model: ScriptedModel(script: script))
        let response = try await session.respond(to: "hi")
        #expect(response.content == "Done.")
        #expect(response.usage.output.totalTokenCount == 5)
        #expect(response.usage.output.reasoningTokenCount == 3)
        guard session.transcript.count == 3, case .reasoning(let reasoning) = session.transcript[1] else {
            Issue.record("no reasoning entry: \(session.transcript)")
            return
        }
        #expect(reasoning.segments.map(\.description).joined() == "Think.")
    }

    @Test func samplingModeKindAndToolCallingModeReachTheExecutor() async throws {
        let script = ScriptedModel.Script([.text(["ok"])])
        let session = LanguageModelSession(model: ScriptedModel(script: script))
        try await session.respond(to: "hi", options: GenerationOptions(samplingMode: .random(top: 5, seed: 3), toolCallingMode: .required))
        let options = try #require(script.requests.withLock { $0.first?.generationOptions })
        #expect(options.samplingMode?.kind == .top(5, seed: 3))
        #expect(options.toolCallingMode == .required)
        #expect(GenerationOptions.SamplingMode.greedy.kind == .greedy)
    }

    @Test func contextOptionsAndMetadataReachTheExecutor() async throws {
        let script = ScriptedModel.Script([.text(["ok"])])
        let session = LanguageModelSession(model: ScriptedModel(script: script))
        try await session.respond(to: Prompt("hi"), contextOptions: ContextOptions(reasoningLevel: .light), metadata: ["user": "42"])
        let request = try #require(script.requests.withLock { $0.first })
        #expect(request.contextOptions.reasoningLevel == .light)
        #expect(request.metadata["user"] == GeneratedContent("42"))
        await #expect {
            try await LanguageModelSession(model: EchoModel()).respond(to: Prompt("hi"), contextOptions: ContextOptions(reasoningLevel: .deep))
        } throws: { error in
            guard case LanguageModelError.unsupportedCapability(let failure) = error else { return false }
            return failure.capability == .reasoning
        }
    }
}
