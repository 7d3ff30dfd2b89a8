import Foundation
import FoundationModels
import RemoteLanguageModels
import Synchronization
import Testing

@Generable
struct Address {
    @Guide(description: "The city", .anyOf(["Seoul", "Busan", "Incheon"]))
    let city: String
    @Guide(description: "A five-digit postal code", .pattern(/^[0-9]{5}$/))
    let postalCode: String
}

@Generable
struct Resident {
    @Guide(description: "A first name", .pattern(/^[A-Z][a-z]{1,10}$/))
    let name: String
    @Guide(description: "Age in years", .range(18...99))
    let age: Int
    let address: Address
}

/// The calls a tool received, for the test to read.
final class CallLog: Sendable {
    let cities = Mutex<[String]>([])
}

struct WeatherTool: Tool {
    let name = "currentWeather"
    let description = "Returns the current temperature and conditions for a city."
    let log: CallLog

    @Generable
    struct Arguments {
        // Bounded, so that a call always ends within the response budget.
        @Guide(description: "City name, for example Seoul", .pattern(/^[A-Za-z ]{1,20}$/))
        let city: String
    }

    func call(arguments: Arguments) async throws -> String {
        log.cities.withLock { $0.append(arguments.city) }
        return "\(arguments.city): 21°C, clear"
    }
}

let greedy = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 24)

@Suite("OpenAICompatibleLanguageModel against fm serve's ModelServer on the default model", .serialized,
       .enabled(if: defaultModelPresent, "the default model is not downloaded (scripts/fetch-models.sh smollm2)"))
struct ModelServerRemoteTests {
    @Test func respondAnswersWithTextAndRecordsTheTurn() async throws {
        let server = try await InProcessServer.shared.value
        let session = LanguageModelSession(model: server.model(), instructions: "Answer in one short sentence.")
        let response = try await session.respond(to: "Name a color of the rainbow.", options: greedy)
        #expect(!response.content.isEmpty)
        #expect(session.transcript.count == 3)   // instructions, prompt, response
        guard case .response? = session.transcript.last else {
            Issue.record("the last entry is not the response")
            return
        }
        #expect(response.usage.input.totalTokenCount > 0)
        #expect((1...24).contains(response.usage.output.totalTokenCount))
    }

    @Test func streamSnapshotsAreCumulative() async throws {
        let server = try await InProcessServer.shared.value
        let session = LanguageModelSession(model: server.model())
        let stream = session.streamResponse(to: "Count from one to five.", options: greedy)
        var snapshots: [String] = []
        for try await snapshot in stream { snapshots.append(snapshot.content) }
        #expect(snapshots.count >= 2)
        for (earlier, later) in zip(snapshots, snapshots.dropFirst()) { #expect(later.hasPrefix(earlier)) }
        let response = try await stream.collect()
        #expect(response.content == snapshots.last)
    }

    @Test func generatingANestedTypeIsValidByConstruction() async throws {
        let server = try await InProcessServer.shared.value
        let session = LanguageModelSession(model: server.model())
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 120)
        let resident = try await session.respond(to: "Make up a person who lives in Korea.", generating: Resident.self, options: options).content
        #expect((18...99).contains(resident.age))
        #expect(["Seoul", "Busan", "Incheon"].contains(resident.address.city))
        #expect(resident.address.postalCode.count == 5 && resident.address.postalCode.allSatisfy(\.isNumber))
        #expect(resident.name.first?.isUppercase == true)
    }

    @Test func streamingANestedTypeEndsInTheValidValue() async throws {
        let server = try await InProcessServer.shared.value
        let session = LanguageModelSession(model: server.model())
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 120)
        let stream = session.streamResponse(to: "Make up a person who lives in Korea.", generating: Resident.self, options: options)
        var partials = 0
        for try await _ in stream { partials += 1 }
        let resident = try await stream.collect().content
        #expect(partials >= 2)
        #expect((18...99).contains(resident.age))
    }

    @Test func toolsRoundTripThroughTheSession() async throws {
        let server = try await InProcessServer.shared.value
        let log = CallLog()
        let session = LanguageModelSession(model: server.model(), tools: [WeatherTool(log: log)])
        session.maximumToolCallRounds = 4
        // The first turn must call (the server's grammar holds it to a call); after the
        // outputs the model may answer.
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 64, toolCallingMode: .required)
        let response = try await session.respond(to: "What is the weather in Seoul?", options: options)
        #expect(!log.cities.withLock { $0 }.isEmpty)
        let kinds = session.transcript.map { entry -> String in
            switch entry {
            case .instructions: "instructions"
            case .prompt: "prompt"
            case .toolCalls: "calls"
            case .toolOutput: "output"
            case .response: "response"
            case .reasoning: "reasoning"
            }
        }
        #expect(kinds.contains("calls") && kinds.contains("output"))
        #expect(kinds.last == "response")
        #expect(response.content == session.transcript.last.map { entry -> String in
            if case .response(let value) = entry { value.segments.map(\.description).joined() } else { "" }
        })
    }

    @Test func usageEqualsWhatTheServerCounted() async throws {
        let server = try await InProcessServer.start()   // its own, so its counters hold one request
        let session = LanguageModelSession(model: server.model())
        let response = try await session.respond(to: "Name a fruit.", options: greedy)
        let metrics = try await server.metrics()
        func counter(_ name: String) -> Int? {
            metrics.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Int($0.split(separator: " ").last ?? "") }
        }
        #expect(counter("fm_prompt_tokens_total") == response.usage.input.totalTokenCount)
        #expect(counter("fm_prompt_cached_tokens_total") == response.usage.input.cachedTokenCount)
        #expect(counter("fm_completion_tokens_total") == response.usage.output.totalTokenCount)
        #expect(response.usage.input.totalTokenCount > 0)
        await server.stop()
    }

    @Test func cancellingMidStreamReturnsPromptlyAndTheServerSeesTheDisconnect() async throws {
        let server = try await InProcessServer.start()
        let session = LanguageModelSession(model: server.model())
        let options = GenerationOptions(samplingMode: .random(probabilityThreshold: 0.95, seed: 7), temperature: 1, maximumResponseTokens: 1500)
        let clock = ContinuousClock()
        let outcome = await Task { () -> (snapshots: Int, afterCancel: Duration?) in
            var snapshots = 0
            var cancelledAt: ContinuousClock.Instant?
            do {
                for try await _ in session.streamResponse(to: "Write a very long story about the sea.", options: options) {
                    snapshots += 1
                    if snapshots == 3 {
                        cancelledAt = clock.now
                        withUnsafeCurrentTask { $0?.cancel() }
                    }
                }
            } catch {}
            return (snapshots, cancelledAt.map { clock.now - $0 })
        }.value
        #expect(outcome.snapshots >= 3)
        let afterCancel = try #require(outcome.afterCancel)
        #expect(afterCancel < .seconds(15))   // the 1,500 tokens left would take minutes
        // The connection closed: the server lets the request go and stops generating.
        let deadline = clock.now + .seconds(20)
        while server.http.requestsInFlight > 0, clock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(server.http.requestsInFlight == 0)
        var metrics = try await server.metrics()
        while !metrics.contains("fm_requests_generating 0"), clock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            metrics = try await server.metrics()
        }
        #expect(metrics.contains("fm_requests_generating 0"))
        #expect(metrics.contains("fm_completion_tokens_total 0"))   // a cancelled generation never finished
        await server.stop()
    }
}
