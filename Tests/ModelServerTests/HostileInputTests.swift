import Foundation
import FoundationModels
import JSONSchemaValidation
@testable import ModelServer
import Testing

/// Bad input gets a 4xx with OpenAI's error body naming what was wrong, and the server keeps serving.
@Suite("fm serve under hostile input", .serialized, .enabled(if: defaultModelPresent, "the default model is not downloaded"))
struct ServerHostileInputTests {
    /// Checks the error body's shape and returns it.
    @discardableResult
    func expectError(_ response: LoopbackResponse, status: Int, code: String? = nil, param: String? = nil,
                     sourceLocation: SourceLocation = #_sourceLocation) -> JSONValue? {
        #expect(response.status == status, "\(response.text)", sourceLocation: sourceLocation)
        let error = response.json?["error"]
        #expect(error?["message"]?.string?.isEmpty == false, "\(response.text)", sourceLocation: sourceLocation)
        #expect(error?["type"]?.string != nil, sourceLocation: sourceLocation)
        if let code { #expect(error?["code"]?.string == code, "\(response.text)", sourceLocation: sourceLocation) }
        if let param { #expect(error?["param"]?.string == param, "\(response.text)", sourceLocation: sourceLocation) }
        return error
    }

    func expectStillServing(_ port: UInt16, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let response = try await Loopback.post(port: port, json: chat("Hi", maxTokens: 2))
        #expect(response.status == 200, "\(response.text)", sourceLocation: sourceLocation)
    }

    @Test(arguments: ["{\"model\":", "not json", "[1,2", "{\"model\":\"x\",\"messages\":[{\"role\":\"user\",\"content\":\"\\ud800\"}", ""])
    func malformedJSONIs400(body: String) async throws {
        let running = try await RunningServer.shared.value
        let response = try await Loopback.request(port: running.port, path: "/v1/chat/completions", body: Array(body.utf8))
        expectError(response, status: 400, code: "invalid_json")
    }

    @Test func wrongTypesName400TheField() async throws {
        let running = try await RunningServer.shared.value
        let cases: [(JSONValue, String)] = [
            (["model": "x", "messages": "hi"], "messages"),
            (["model": "x", "messages": [["role": "user", "content": 5]]], "messages[0].content"),
            (["model": "x", "messages": [["role": "wizard", "content": "hi"]]], "messages[0].role"),
            (["model": 3, "messages": [["role": "user", "content": "hi"]]], "model"),
            (chat("hi", extra: ["temperature": "hot"]), "temperature"),
            (chat("hi", extra: ["max_tokens": 0]), "max_tokens"),
            (chat("hi", extra: ["top_p": 1.5]), "top_p"),
            (chat("hi", extra: ["stop": ["a", "b", "c", "d", "e"]]), "stop"),
            (chat("hi", extra: ["tool_choice": "required"]), "tool_choice"),
            (["model": "x", "messages": [["role": "user", "content": [["type": "image_url", "image_url": ["url": "http://x"]]]]]], "messages[0].content[0].type"),
            (["model": "x", "messages": [["role": "tool", "tool_call_id": "nope", "content": "x"]]], "messages[0].tool_call_id"),
        ]
        for (body, param) in cases {
            expectError(try await Loopback.post(port: running.port, json: body), status: 400, param: param)
        }
        try await expectStillServing(running.port)
    }

    @Test func unknownParametersAreNamedNotIgnored() async throws {
        let running = try await RunningServer.shared.value
        let error = expectError(try await Loopback.post(port: running.port, json: chat("hi", extra: ["logit_bias": ["1": 2], "top_k": 5])),
                                status: 400, code: "unsupported_parameter")
        let message = error?["message"]?.string ?? ""
        #expect(message.contains("'logit_bias'") && message.contains("'top_k'"))
        expectError(try await Loopback.post(port: running.port, json: chat("hi", extra: ["n": 2])), status: 400, code: "unsupported_value", param: "n")
        // null means "not set", as clients send it back.
        #expect(try await Loopback.post(port: running.port, json: chat("hi", maxTokens: 1, extra: ["logit_bias": nil])).status == 200)
    }

    @Test func aSchemaTheGrammarRefusesIs400() async throws {
        let running = try await RunningServer.shared.value
        let response = try await Loopback.post(port: running.port, json: chat("List", extra: [
            "response_format": ["type": "json_schema", "json_schema": ["name": "u", "schema": ["type": "array", "uniqueItems": true]]]]))
        let error = expectError(response, status: 400, code: "unsupported_schema", param: "response_format")
        #expect(error?["message"]?.string?.contains("uniqueItems") == true)
        try await expectStillServing(running.port)
    }

    @Test func a100MegabyteBodyIs413WithoutBeingRead() async throws {
        let running = try await RunningServer.shared.value
        let port = running.port
        let response = try await offPool {
            let connection = try LoopbackConnection(port: port)
            defer { connection.close() }
            connection.send("POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n")
            // Send the body until the server closes: it answers long before 100 MB.
            let block = [UInt8](repeating: UInt8(ascii: " "), count: 1 << 16)
            var sent = 0
            while sent < 8 << 20, connection.send(block) { sent += block.count }
            return try LoopbackResponse(raw: connection.receiveAll())
        }
        expectError(response, status: 413, code: "request_too_large")
        try await expectStillServing(running.port)
    }

    @Test func aChunkedBodyPastTheLimitIs413() async throws {
        let running = try await RunningServer.shared.value
        let port = running.port
        let response = try await offPool {
            let connection = try LoopbackConnection(port: port)
            defer { connection.close() }
            connection.send("POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n")
            let chunk = String(repeating: "x", count: 1 << 16)
            for _ in 0..<20 { connection.send(String(chunk.utf8.count, radix: 16) + "\r\n" + chunk + "\r\n") }   // 1.25 MB > 1 MB limit
            connection.send("0\r\n\r\n")
            return try LoopbackResponse(raw: connection.receiveAll())
        }
        expectError(response, status: 413)
        try await expectStillServing(running.port)
    }

    @Test func aClientThatDisconnectsMidStreamCancelsItsGeneration() async throws {
        // A server of its own, so that nothing else is in flight on it.
        let running = try await RunningServer.start()
        let port = running.port
        let body = chat("Write a very long story about the sea.", maxTokens: 1500, extra: ["stream": true, "temperature": 1, "seed": 7]).serialized()
        let received = try await offPool {
            let connection = try LoopbackConnection(port: port)
            defer { connection.close() }
            connection.send("POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
            // Read until a few content deltas arrived, then leave.
            var received = ""
            while !received.contains("\"content\":\"") || received.components(separatedBy: "data: ").count < 4 {
                let piece = connection.receive()
                if piece.isEmpty { break }
                received += String(decoding: piece, as: UTF8.self)
            }
            return received
        }
        #expect(received.hasPrefix("HTTP/1.1 200"))
        // The generation stops within a token or so, long before 1500 tokens.
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(20)
        while running.http.requestsInFlight > 0, clock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(running.http.requestsInFlight == 0)
        // The HTTP side lets go first; the generation task notices the cancellation at its next
        // token (seconds apart on a loaded machine: the full suite once saw it still generating).
        var metrics = try await Loopback.get(port: running.port, path: "/metrics").text
        while !metrics.contains("fm_requests_generating 0"), clock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            metrics = try await Loopback.get(port: running.port, path: "/metrics").text
        }
        #expect(metrics.contains("fm_requests_generating 0"))
        // A cancelled generation is not counted as finished: 1500 tokens were never generated.
        #expect(metrics.contains("fm_completion_tokens_total 0"))
        try await expectStillServing(running.port)
        await running.stop()
    }

    @Test func aStalledClientIsDroppedAndOthersAreServedMeanwhile() async throws {
        let running = try await RunningServer.start(idleTimeoutSeconds: 2)
        let stalled = try LoopbackConnection(port: running.port, receiveTimeoutSeconds: 30)
        defer { stalled.close() }
        stalled.send("POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: 500\r\n\r\n{\"mod")
        #expect(try await Loopback.get(port: running.port, path: "/health").status == 200)
        let started = ContinuousClock.now
        let rest = try await offPool { stalled.receiveAll() }   // the server closes the idle connection
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(rest.isEmpty || String(decoding: rest, as: UTF8.self).hasPrefix("HTTP/1.1 4"))
        await running.stop()
    }

    @Test func apiKeyIsRequiredOnV1() async throws {
        let running = try await RunningServer.start(apiKey: "sesame-123", load: false)
        expectError(try await Loopback.get(port: running.port, path: "/v1/models"), status: 401, code: "invalid_api_key")
        expectError(try await Loopback.get(port: running.port, path: "/v1/models", headers: ["Authorization: Bearer sesame-12"]), status: 401)
        expectError(try await Loopback.get(port: running.port, path: "/v1/models", headers: ["Authorization: Bearer sesame-1234"]), status: 401)
        #expect(try await Loopback.get(port: running.port, path: "/v1/models", headers: ["Authorization: Bearer sesame-123"]).status == 200)
        #expect(try await Loopback.get(port: running.port, path: "/health").status == 503)   // no key needed; not loaded
        await running.stop()
    }

    @Test func unknownPathsAndMethods() async throws {
        let running = try await RunningServer.shared.value
        expectError(try await Loopback.get(port: running.port, path: "/v1/embeddings"), status: 404, code: "not_found")
        expectError(try await Loopback.get(port: running.port, path: "/v1/chat/completions"), status: 405)
        expectError(try await Loopback.request(port: running.port, method: "DELETE", path: "/v1/models"), status: 405)
    }

    @Test func aFullQueueIs429() async throws {
        let running = try await RunningServer.start(parallel: 1, queue: 0)
        // The first stream holds the only slot once its 200 is out.
        let first = try LoopbackConnection(port: running.port)
        let body = chat("Count to one hundred.", maxTokens: 400, extra: ["stream": true, "temperature": 1, "seed": 1]).serialized()
        first.send("POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        let head = try await offPool { String(decoding: first.receive(), as: UTF8.self) }
        #expect(head.hasPrefix("HTTP/1.1 200"))
        let second = try await Loopback.post(port: running.port, json: chat("Hi", maxTokens: 2))
        expectError(second, status: 429, code: "queue_full")
        #expect(second.headers["retry-after"] != nil)
        first.close()
        await running.stop()
    }

    @Test func shutdownLetsRequestsInFlightFinishAndRefusesNewOnes() async throws {
        let running = try await RunningServer.start()
        let port = running.port
        // The grammar forces 200 characters, so the request is surely still generating when the
        // shutdown begins.
        let long: JSONValue = ["type": "string", "minLength": 200, "maxLength": 200, "pattern": "^[a-z ]*$"]
        let inFlight = Task {
            try await Loopback.post(port: port, json: chat("Tell me about rivers.", maxTokens: 300, extra: [
                "response_format": ["type": "json_schema", "json_schema": ["name": "long", "schema": long]]]))
        }
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(30)
        while running.http.requestsInFlight == 0, clock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        try #require(running.http.requestsInFlight > 0)
        running.server.beginDraining()
        await running.http.shutdown(grace: .seconds(60))
        let finished = try await inFlight.value
        #expect(finished.status == 200)
        let content = finished.json?["choices"]?.array?.first?["message"]?["content"]?.string ?? ""
        #expect(content.count == 202, "\(content)")   // the whole value: 200 characters and the quotes
        await #expect(throws: LoopbackConnection.Failure.self) { try await Loopback.get(port: port, path: "/health") }
    }
}

@Suite("API key comparison")
struct APIKeyComparisonTests {
    @Test func equalOnlyForTheSameBytes() {
        #expect(constantTimeEqual("abc", "abc"))
        #expect(!constantTimeEqual("abc", "abd"))
        #expect(!constantTimeEqual("abc", "abcd"))
        #expect(!constantTimeEqual("", "a"))
        #expect(constantTimeEqual("", ""))
    }

    func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        ModelServer<SystemLanguageModel>.constantTimeEqual(Array(lhs.utf8), Array(rhs.utf8))
    }
}
