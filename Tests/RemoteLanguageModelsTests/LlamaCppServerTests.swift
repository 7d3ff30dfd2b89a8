import Foundation
import FoundationModels
import JSONSchemaValidation
import RemoteLanguageModels
import Testing

/// llama-cpp-python's server on the default model, started per test (a child process on a free
/// port of 127.0.0.1, ready once `/v1/models` answers) and stopped after.
@Suite("OpenAICompatibleLanguageModel against llama-cpp-python's server on the default model", .serialized,
       .enabled(if: defaultModelPresent, "the default model is not downloaded (scripts/fetch-models.sh smollm2)"),
       .enabled(if: llamaCppServerImportable, "llama-cpp-python's server is not installed: pip install 'llama-cpp-python[server]'"))
struct LlamaCppServerTests {
    static func model(_ server: ChildServer, features: ServerFeatures = .llamaCppPython) -> OpenAICompatibleLanguageModel {
        OpenAICompatibleLanguageModel(name: "smollm2", baseURL: server.root.appendingPathComponent("v1"), timeout: .seconds(120), features: features)
    }

    @Test func respondAndStream() async throws {
        let server = try await ChildServer.llamaCpp(modelPath: defaultModelURL.path)
        defer { server.stop() }
        let session = LanguageModelSession(model: Self.model(server))
        let response = try await session.respond(to: "Name a color of the rainbow.", options: greedy)
        #expect(!response.content.isEmpty)
        // Usage is not streamed by this server: the output counts the deltas, one token each.
        #expect((1...24).contains(response.usage.output.totalTokenCount))

        let stream = session.streamResponse(to: "Count from one to five.", options: greedy)
        var snapshots: [String] = []
        for try await snapshot in stream { snapshots.append(snapshot.content) }
        #expect(snapshots.count >= 2)
        for (earlier, later) in zip(snapshots, snapshots.dropFirst()) { #expect(later.hasPrefix(earlier)) }
        #expect(try await stream.collect().content == snapshots.last)
    }

    @Test func aSchemaAsJSONObjectIsFollowedAndValidated() async throws {
        let server = try await ChildServer.llamaCpp(modelPath: defaultModelURL.path)
        defer { server.stop() }
        let session = LanguageModelSession(model: Self.model(server))
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 120)
        let resident = try await session.respond(to: "Make up a person who lives in Korea.", generating: Resident.self, options: options).content
        #expect((18...99).contains(resident.age))
        #expect(["Seoul", "Busan", "Incheon"].contains(resident.address.city))
    }

    @Test func openAIsJSONSchemaFormatYieldsAValidValueOrATypedErrorNeverABadValue() async throws {
        let server = try await ChildServer.llamaCpp(modelPath: defaultModelURL.path)
        defer { server.stop() }
        // This server does not read `json_schema`; whatever it does with it, the caller gets a
        // value of the type or an error.
        let session = LanguageModelSession(model: Self.model(server, features: .openAI))
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 120)
        do {
            let resident = try await session.respond(to: "Make up a person who lives in Korea.", generating: Resident.self, options: options).content
            #expect((18...99).contains(resident.age))
        } catch let error as RemoteLanguageModelError {
            guard case .serverError(let status, let message, _, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            // llama-cpp-python answers its own request validation ("Input should be 'text' or
            // 'json_object'") with 500.
            #expect((400..<600).contains(status) && !message.isEmpty)
        } catch let error as LanguageModelSession.GenerationError {
            guard case .decodingFailure = error else {
                Issue.record("unexpected \(error)")
                return
            }
        }
    }

    @Test func toolsAreRefusedUpFrontAsThisServerReturnsNoCalls() async throws {
        let server = try await ChildServer.llamaCpp(modelPath: defaultModelURL.path)
        defer { server.stop() }
        let session = LanguageModelSession(model: Self.model(server), tools: [WeatherTool(log: CallLog())])
        await #expect {
            _ = try await session.respond(to: "What is the weather in Seoul?", options: greedy)
        } throws: { error in
            guard case LanguageModelError.unsupportedCapability(let failure) = error else { return false }
            return failure.capability == .toolCalling
        }
    }
}
