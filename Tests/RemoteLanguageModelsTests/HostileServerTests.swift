import Foundation
import FoundationModels
import RemoteLanguageModels
import Testing

@Generable
struct Titled {
    let title: String
}

extension ChildServer {
    func model(_ behaviour: String, timeout: Duration = .seconds(30), retryPolicy: RetryPolicy = .default,
               maximumResponseBytes: Int = 16 << 20, retries: Int = 0) -> OpenAICompatibleLanguageModel {
        OpenAICompatibleLanguageModel(name: "hostile", baseURL: baseURL(behaviour), timeout: timeout, retryPolicy: retryPolicy,
                                      maximumResponseBytes: maximumResponseBytes, invalidStructuredOutputRetries: retries)
    }
}

/// A key no other request uses, for behaviours that count requests.
func uniqueKey() -> String { UUID().uuidString.prefix(8).lowercased() }

/// Each test starts its own HostileServer.py (a child process, stopped when the test ends).
@Suite("OpenAICompatibleLanguageModel against a hostile server", .serialized)
struct HostileServerTests {
    @Test func aWellBehavedStreamGivesTextSnapshotsAndTheServersUsage() async throws {
        let server = try ChildServer.hostile()
        defer { server.stop() }
        let session = LanguageModelSession(model: server.model("ok"))
        var snapshots: [String] = []
        let stream = session.streamResponse(to: "Hi")
        for try await snapshot in stream { snapshots.append(snapshot.content) }
        // Cumulative: each text extends the last (the final usage may repeat the last text).
        #expect(snapshots.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } } == ["Hello", "Hello there."])
        let response = try await stream.collect()
        #expect(response.content == "Hello there.")
        #expect(response.usage.input.totalTokenCount == 11)
        #expect(response.usage.input.cachedTokenCount == 4)
        #expect(response.usage.output.totalTokenCount == 3)
    }

    @Test func aWholeCompletionInsteadOfAStreamIsRead() async throws {
        let server = try ChildServer.hostile()
        defer { server.stop() }
        let session = LanguageModelSession(model: server.model("whole"))
        let response = try await session.respond(to: "Hi")
        #expect(response.content == "All at once.")
        #expect(response.usage.output.totalTokenCount == 3)
    }

    @Test func jsonIgnoringTheSchemaIsATypedErrorNamingTheViolation() async throws {
        let server = try ChildServer.hostile()
        defer { server.stop() }
        let session = LanguageModelSession(model: server.model("wrong-schema"))
        await #expect {
            _ = try await session.respond(to: "A title, please.", generating: Titled.self)
        } throws: { error in
            guard case LanguageModelSession.GenerationError.decodingFailure(let context) = error else { return false }
            return context.debugDescription.contains("does not follow the schema") && context.debugDescription.contains("title")
        }
        #expect(session.transcript.isEmpty)   // nothing of the failed request was kept
    }

    @Test func aSchemaViolationIsResentWhenTheModelAllowsIt() async throws {
        let server = try ChildServer.hostile()
        defer { server.stop() }
        let behaviour = "valid-after-1-\(uniqueKey())"
        let session = LanguageModelSession(model: server.model(behaviour, retries: 1))
        let response = try await session.respond(to: "A title, please.", generating: Titled.self)
        #expect(response.content.title == "ok")
        #expect(try await server.stats().requests[behaviour] == 2)
        // Both attempts were billed: the usage adds them.
        #expect(response.usage.output.totalTokenCount == 6)

        let stubborn = "valid-after-5-\(uniqueKey())"
        let bounded = LanguageModelSession(model: server.model(stubborn, retries: 2))
        await #expect(throws: LanguageModelSession.GenerationError.self) {
            _ = try await bounded.respond(to: "A title, please.", generating: Titled.self)
        }
        #expect(try await server.stats().requests[stubborn] == 3)
    }

    @Test func aServerDyingMidStreamIsATypedErrorWithoutAHang() async throws {
        let server = try ChildServer.hostile()
        defer { server.stop() }
        let session = LanguageModelSession(model: server.model("dies"))
        let started = ContinuousClock.now
        var seen: [String] = []
        await #expect {
            for try await snapshot in session.streamResponse(to: "Tell a story.") { seen.append(snapshot.content) }
        } throws: { error in
            guard case RemoteLanguageModelError.connectionLost = error else { return false }
            return true
        }
        // No hang: a hang would end in the 30 s timeout's error, not `connectionLost`. The bound
        // only says it ended well before that (0.5 s when the machine is quiet; 14 s seen while
        // the whole suite loaded both cores).
        #expect(ContinuousClock.now - started < .seconds(25))
        #expect(seen.first == "Once")
    }

    @Test func a429WithRetryAfterIsRetriedAfterTheWait() async throws {
        let server = try ChildServer.hostile()
        defer { server.stop() }
        let behaviour = "ratelimit-\(uniqueKey())"
        let session = LanguageModelSession(model: server.model(behaviour))
        let started = ContinuousClock.now
        let response = try await session.respond(to: "Hi")
        #expect(response.content == "Hello there.")
        #expect(ContinuousClock.now - started >= .seconds(1))
        #expect(try await server.stats().requests[behaviour] == 2)
    }

    @Test func aRetryAfterPastThePolicysBoundFailsAtOnceAsRateLimited() async throws {
        let server = try ChildServer.hostile()
        defer { server.stop() }
        let session = LanguageModelSession(model: server.model("ratelimit-long"))
        let started = ContinuousClock.now
        await #expect {
            _ = try await session.respond(to: "Hi")
        } throws: { error in
            guard case LanguageModelError.rateLimited(let limited) = error, let reset = limited.resetDate else { return false }
            return reset.timeIntervalSinceNow > 3000 && limited.debugDescription.contains("429") && limited.debugDescription.contains("Slow down.")
        }
        #expect(ContinuousClock.now - started < .seconds(30))   // waiting out Retry-After would take an hour
    }

    @Test func a503IsRetriedAsThePolicySaysThenATypedError() async throws {
        let server = try ChildServer.hostile()
        defer { server.stop() }
        let before = try await server.stats().requests["busy"] ?? 0
        let policy = RetryPolicy(maximumAttempts: 3, initialDelay: .milliseconds(50), maximumDelay: .seconds(1))
        let session = LanguageModelSession(model: server.model("busy", retryPolicy: policy))
        await #expect(throws: RemoteLanguageModelError.serverError(status: 503, message: "Overloaded.", type: "server_error", code: "overloaded")) {
            _ = try await session.respond(to: "Hi")
        }
        #expect(try await server.stats().requests["busy"] == before + 3)
    }

    @Test func a500WithAnOpenAIErrorBodyCarriesStatusAndMessage() async throws {
        let server = try ChildServer.hostile()
        defer { server.stop() }
        let session = LanguageModelSession(model: server.model("error500"))
        await #expect(throws: RemoteLanguageModelError.serverError(status: 500, message: "The model crashed.", type: "server_error", code: "model_crashed")) {
            _ = try await session.respond(to: "Hi")
        }
    }

    @Test func anEndlessStreamStopsAtTheSizeLimitAndClosesTheConnection() async throws {
        let server = try ChildServer.hostile()
        defer { server.stop() }
        let limit = 256 << 10
        let session = LanguageModelSession(model: server.model("endless", maximumResponseBytes: limit))
        await #expect(throws: RemoteLanguageModelError.responseTooLarge(limit: limit)) {
            _ = try await session.respond(to: "Go on forever.")
        }
        // The server's next write fails once the client has closed.
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(20)
        var disconnects = 0
        while disconnects == 0, clock.now < deadline {
            disconnects = try await server.stats().disconnects["endless"] ?? 0
            try await Task.sleep(for: .milliseconds(100))
        }
        // Known defect: FoundationNetworking's URLSession hands data to its delegate through a
        // queue without back-pressure, so on loaded cores libcurl keeps reading past the limit
        // before the delegate's cancel runs (measured: 8 GB buffered in 80 s under four busy
        // loops). The server caps what it writes so the test cannot exhaust memory; the fix is
        // a transport that can pause reading (issue #13's note).
        withKnownIssue("URLSession on Linux reads ahead of the size limit under load", isIntermittent: true) {
            #expect(disconnects >= 1)
        }
    }

    @Test func aOneGigabyteBodyStopsAtTheSizeLimit() async throws {
        let server = try ChildServer.hostile()
        defer { server.stop() }
        let limit = 1 << 20
        let session = LanguageModelSession(model: server.model("huge", maximumResponseBytes: limit))
        await #expect(throws: RemoteLanguageModelError.responseTooLarge(limit: limit)) {
            _ = try await session.respond(to: "Everything at once.")
        }
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(20)
        var disconnects = 0
        while disconnects == 0, clock.now < deadline {
            disconnects = try await server.stats().disconnects["huge"] ?? 0
            try await Task.sleep(for: .milliseconds(100))
        }
        // Known defect: FoundationNetworking's URLSession hands data to its delegate through a
        // queue without back-pressure, so on loaded cores libcurl keeps reading past the limit
        // before the delegate's cancel runs (measured: 8 GB buffered in 80 s under four busy
        // loops). The server caps what it writes so the test cannot exhaust memory; the fix is
        // a transport that can pause reading (issue #13's note).
        withKnownIssue("URLSession on Linux reads ahead of the size limit under load", isIntermittent: true) {
            #expect(disconnects >= 1)
        }
    }

    @Test func aSilentServerTimesOut() async throws {
        let server = try ChildServer.hostile()
        defer { server.stop() }
        let session = LanguageModelSession(model: server.model("silent", timeout: .seconds(2)))
        let started = ContinuousClock.now
        await #expect {
            _ = try await session.respond(to: "Hi")
        } throws: { error in
            guard case LanguageModelError.timeout = error else { return false }
            return true
        }
        #expect(ContinuousClock.now - started < .seconds(25))   // the server stays silent for 30 s
    }

    @Test func topKSamplingIsRefusedByNameBeforeAnythingIsSent() async throws {
        let server = try ChildServer.hostile()
        defer { server.stop() }
        let before = try await server.stats().requests["ok"] ?? 0
        let session = LanguageModelSession(model: server.model("ok"))
        await #expect {
            _ = try await session.respond(to: "Hi", options: GenerationOptions(samplingMode: .random(top: 5)))
        } throws: { error in
            guard case RemoteLanguageModelError.unsupportedOption(let option, _) = error else { return false }
            return option.contains("top")
        }
        #expect(try await server.stats().requests["ok"] ?? 0 == before)
    }

    @Test func aServerWithoutStructuredOutputRefusesGuidedGenerationUpFront() async throws {
        let server = try ChildServer.hostile()
        defer { server.stop() }
        var model = server.model("ok")
        model.features = .textOnly
        let session = LanguageModelSession(model: model)
        await #expect {
            _ = try await session.respond(to: "A title.", generating: Titled.self)
        } throws: { error in
            guard case LanguageModelError.unsupportedCapability(let failure) = error else { return false }
            return failure.capability == .guidedGeneration
        }
    }
}
