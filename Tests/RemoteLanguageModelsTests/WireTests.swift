import Foundation
import FoundationModels
import JSONSchemaValidation
import OpenAIWire
@testable import RemoteLanguageModels
import Testing

@Suite("RemoteLanguageModels' wire pieces")
struct WireTests {
    @Test func serverSentEventsAreCutAtAnyByteAndAnyLineEnd() throws {
        let body = Array("data: {\"a\":1}\r\n\r\n: a comment\nevent: x\ndata: one\ndata: two\n\ndata:[DONE]\r\r".utf8)
        // Fed one byte at a time, as a slow network may deliver it.
        var parser = ServerSentEventParser(maximumEventBytes: 1024)
        var events: [String] = []
        for byte in body { events += try parser.feed([byte]) }
        #expect(events == ["{\"a\":1}", "one\ntwo", "[DONE]"])
    }

    @Test func anEventPastTheLimitIsRefused() {
        var parser = ServerSentEventParser(maximumEventBytes: 64)
        #expect(throws: RemoteLanguageModelError.responseTooLarge(limit: 64)) {
            _ = try parser.feed(Array("data: ".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 100))
        }
    }

    @Test func retryDelaysDoubleAndHonourRetryAfterWithinTheBound() {
        let policy = RetryPolicy(maximumAttempts: 4, initialDelay: .milliseconds(100), maximumDelay: .seconds(1))
        #expect(policy.delay(afterAttempt: 1, retryAfter: nil) == .milliseconds(100))
        #expect(policy.delay(afterAttempt: 2, retryAfter: nil) == .milliseconds(200))
        #expect(policy.delay(afterAttempt: 3, retryAfter: .seconds(1)) == .seconds(1))
        #expect(policy.delay(afterAttempt: 3, retryAfter: .seconds(2)) == nil)   // longer than allowed
        #expect(policy.delay(afterAttempt: 4, retryAfter: nil) == nil)           // attempts spent
        #expect(OpenAICompatibleExecutor.retryAfter("7") == .seconds(7))
        #expect(OpenAICompatibleExecutor.retryAfter("soon") == nil)
        let inAMinute = Date(timeIntervalSinceNow: 60)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let wait = OpenAICompatibleExecutor.retryAfter(formatter.string(from: inAMinute))
        #expect(wait.map { $0 >= .seconds(58) && $0 <= .seconds(61) } == true)
    }

    @Test func toolCallPiecesBeforeTheNameAreHeldUntilItArrives() throws {
        var turn = StreamedTurn()
        #expect(try turn.apply(ReceivedChatCompletionChunk(toolCalls: [.init(index: 0, id: "c1", name: nil, arguments: "{\"ci")])).isEmpty)
        let events = try turn.apply(ReceivedChatCompletionChunk(toolCalls: [.init(index: 0, id: nil, name: "weather", arguments: "ty\":1}")]))
        #expect(events.count == 1)
        #expect(turn.hasCalls)
        var unnamed = StreamedTurn()
        _ = try unnamed.apply(ReceivedChatCompletionChunk(toolCalls: [.init(index: 3, id: nil, name: nil, arguments: "{}")]))
        #expect(throws: RemoteLanguageModelError.self) { _ = try unnamed.finish(usageBefore: nil) }
    }

    @Test func theTranscriptBecomesMessagesInOrder() throws {
        let transcript = Transcript(entries: [
            .instructions(.init(segments: [.text(.init(content: "Be brief."))], toolDefinitions: [])),
            .prompt(.init(segments: [.text(.init(content: "Weather?"))])),
            .toolCalls(Transcript.ToolCalls([Transcript.ToolCall(id: "call-1", toolName: "weather", arguments: try GeneratedContent(json: #"{"city":"Seoul"}"#))])),
            .toolOutput(.init(id: "call-1", toolName: "weather", segments: [.text(.init(content: "21°C"))])),
            .response(.init(assetIDs: [], segments: [.text(.init(content: "It is 21°C."))])),
        ])
        let messages = try ChatRequestMapping.messages(transcript)
        #expect(messages.map(\.role) == ["system", "user", "assistant", "tool", "assistant"])
        guard case .assistant(nil, let calls) = messages[2], case .tool(let id, "21°C") = messages[3] else {
            Issue.record("unexpected \(messages)")
            return
        }
        #expect(calls.map(\.name) == ["weather"] && id == "call-1")
        #expect(try JSONValue(parsing: calls[0].arguments) == ["city": "Seoul"])
    }

    @Test func samplingMapsOrIsRefusedByName() throws {
        #expect(try SamplingFields(GenerationOptions(samplingMode: .greedy, temperature: 0.7)).temperature == 0)
        let nucleus = try SamplingFields(GenerationOptions(samplingMode: .random(probabilityThreshold: 0.9, seed: 3), temperature: 0.5))
        #expect(nucleus.temperature == 0.5 && nucleus.topP == 0.9 && nucleus.seed == 3)
        #expect(throws: RemoteLanguageModelError.self) { _ = try SamplingFields(GenerationOptions(temperature: 2.5)) }
        #expect(ChatRequestMapping.formatName("Resident card/v2") == "Resident_card_v2")
    }
}
