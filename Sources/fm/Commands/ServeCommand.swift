import ArgumentParsing
import Dispatch
import Foundation
import FoundationModels
import ModelServer
import Synchronization

/// `fm serve`: the model behind an OpenAI-compatible HTTP API (Apple's macOS 27 `fm serve`),
/// on GNU libmicrohttpd.
struct ServeCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "serve",
            abstract: "Serve the model over an OpenAI-compatible HTTP API.",
            discussion: """
                Endpoints: POST /v1/chat/completions (stream or not; response_format json_schema and
                json_object enforced by guided decoding; tools, whose calls go back to the client as
                tool_calls), POST /v1/completions, GET /v1/models, GET /health (503 until the model is
                loaded), GET /metrics (Prometheus text). Parameters the server does not support are
                answered 400 naming them. Up to --parallel requests generate at once, --queue more wait,
                the rest get 429. SIGINT or SIGTERM stops accepting, lets requests in flight finish (up
                to --grace seconds) and exits 0. Prints 'listening on http://HOST:PORT' once the port is
                bound and 'ready' once the model is loaded.
                """)
    }

    @Option(help: "The address to listen on (an IPv4 or IPv6 literal).", valueName: "address")
    var host = "127.0.0.1"
    @Option(help: "The port (0: any free one, printed at start).", valueName: "port")
    var port = 8080
    @Option(help: "Require 'Authorization: Bearer <key>' on /v1 (default: $FM_API_KEY, else none).", valueName: "key")
    var apiKey: String?
    @Option(help: "Requests generating at once.", valueName: "n")
    var parallel = 1
    @Option(help: "Requests waiting for a turn beyond --parallel; more get 429.", valueName: "n")
    var queue = 16
    @Option(help: "The largest request body in bytes; larger ones get 413.", valueName: "bytes")
    var maxBodyBytes = 8 << 20
    @Option(help: "Seconds a request may take, queueing included; past it, 504.", valueName: "seconds")
    var timeLimit = 300
    @Option(help: "Seconds a connection may stay idle before it is closed.", valueName: "seconds")
    var idleTimeout = 60
    @Option(help: "Seconds to let requests in flight finish after SIGINT or SIGTERM.", valueName: "seconds")
    var grace = 30
    @Option(help: "Context window in tokens.", valueName: "tokens")
    var context = SystemLanguageModel.defaultContextSize
    @OptionGroup var model: ModelOptions
    @OptionGroup var threads: ThreadOptions

    func validate() throws {
        var v4 = in_addr(), v6 = in6_addr()
        guard inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1 else {
            throw UsageError("--host must be an IPv4 or IPv6 address such as 127.0.0.1, 0.0.0.0 or ::1, got '\(host)'")
        }
        guard (0...65535).contains(port) else { throw UsageError("--port must be in 0...65535, got \(port)") }
        guard (1...256).contains(parallel) else { throw UsageError("--parallel must be in 1...256, got \(parallel)") }
        guard (0...100_000).contains(queue) else { throw UsageError("--queue must be in 0...100000, got \(queue)") }
        guard maxBodyBytes >= 1024 else { throw UsageError("--max-body-bytes must be at least 1024, got \(maxBodyBytes)") }
        guard timeLimit >= 1 else { throw UsageError("--time-limit must be at least 1, got \(timeLimit)") }
        guard idleTimeout >= 1 else { throw UsageError("--idle-timeout must be at least 1, got \(idleTimeout)") }
        guard grace >= 0 else { throw UsageError("--grace must be at least 0, got \(grace)") }
        guard context >= 16 else { throw UsageError("--context must be at least 16, got \(context)") }
    }

    func run() async throws {
        threads.exportToEngine()
        let url = try model.url()
        let systemModel = SystemLanguageModel(contentsOf: url, contextSize: context)
        let key = apiKey ?? ProcessInfo.processInfo.environment["FM_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        let server = try ModelServer(model: systemModel, configuration: .init(
            modelID: url.deletingPathExtension().lastPathComponent, apiKey: key, parallel: parallel,
            queueCapacity: queue, requestTimeLimit: .seconds(timeLimit)))
        // Listening first, so that orchestrators see /health answer 503 while the model loads.
        let http = try HTTPServer(configuration: .init(
            host: host, port: UInt16(port), maximumBodyBytes: maxBodyBytes, idleTimeoutSeconds: idleTimeout,
            threads: min(8, max(2, parallel)), connectionLimit: max(64, parallel + queue + 16)), handler: server)
        let stop = StopSignal()
        Terminal.line("listening on http://\(host.contains(":") ? "[\(host)]" : host):\(http.port)")
        try await server.load { _ = try await SystemModel.load(url: url, contextSize: context) }
        Terminal.line("ready")
        await stop.wait()
        Terminal.log("stopping: letting \(http.requestsInFlight) request(s) in flight finish")
        server.beginDraining()
        await http.shutdown(grace: .seconds(grace))
    }
}

/// SIGINT or SIGTERM, awaited once; a second one exits at once (status 130) instead of
/// waiting for the requests in flight.
private final class StopSignal {
    private let sources: [any DispatchSourceSignal]
    private let stream: AsyncStream<Void>

    init() {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        self.stream = stream
        let received = Received()
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if received.count.add(1, ordering: .relaxed).newValue > 1 { exit(ExitCode.interrupted.rawValue) }
                continuation.yield()
            }
            source.resume()
            return source
        }
    }

    private final class Received: Sendable {
        let count = Atomic<Int>(0)
    }

    func wait() async {
        for await _ in stream { return }
    }
}
