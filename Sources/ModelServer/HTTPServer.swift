import CMicroHTTPD
import Foundation
import Synchronization

/// An HTTP/1.1 server on GNU libmicrohttpd, answering every request with an async handler.
///
/// MHD's own threads parse and write; they never wait on the handler. A request whose body is
/// complete is handed to a Swift task and its connection is suspended until the answer is
/// ready; a streamed answer suspends the connection whenever the writer has nothing queued and
/// resumes it on the next write. A client that goes away ends its connection, which cancels
/// the request's task.
///
/// ```swift
/// let server = try HTTPServer(configuration: .init(host: "127.0.0.1", port: 0), handler: router)
/// print(server.port)
/// await server.shutdown(grace: .seconds(30))
/// ```
public final class HTTPServer: Sendable {
    public struct Configuration: Sendable {
        public var host: String
        /// 0: any free port (see ``HTTPServer/port``).
        public var port: UInt16
        /// The largest request body, in bytes; larger ones get 413 without being kept.
        public var maximumBodyBytes: Int
        /// Seconds a connection may stay idle (a client that stops sending or reading).
        public var idleTimeoutSeconds: Int
        /// MHD's polling threads.
        public var threads: Int
        /// Connections held at once; more are refused.
        public var connectionLimit: Int

        public init(host: String = "127.0.0.1", port: UInt16 = 0, maximumBodyBytes: Int = 8 << 20,
                    idleTimeoutSeconds: Int = 60, threads: Int = 2, connectionLimit: Int = 256) {
            self.host = host
            self.port = port
            self.maximumBodyBytes = maximumBodyBytes
            self.idleTimeoutSeconds = idleTimeoutSeconds
            self.threads = threads
            self.connectionLimit = connectionLimit
        }
    }

    /// Why the server did not start.
    public struct StartError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The port the server listens on.
    public let port: UInt16
    let core: ServerCore
    private let daemon: Daemon

    /// Starts listening.
    ///
    /// - throws: ``StartError`` when the host is not an IP address or the port cannot be bound.
    public init(configuration: Configuration, handler: any HTTPRequestHandler) throws {
        let core = ServerCore(handler: handler, maximumBodyBytes: configuration.maximumBodyBytes)
        let context = Unmanaged.passRetained(core).toOpaque()
        guard let daemon = fm_mhd_start(
            configuration.host, configuration.port, UInt32(max(1, configuration.threads)),
            UInt32(max(1, configuration.connectionLimit)), UInt32(max(1, configuration.idleTimeoutSeconds)),
            64 * 1024, accessHandler, context, completionHandler, context)
        else {
            Unmanaged<ServerCore>.fromOpaque(context).release()
            throw StartError(description: "cannot listen on \(configuration.host):\(configuration.port): "
                + "the host must be an IPv4 or IPv6 address and the port free (\(String(cString: strerror(errno))))")
        }
        self.core = core
        self.daemon = Daemon(pointer: daemon, context: context)
        port = fm_mhd_bound_port(daemon)
    }

    /// Requests whose answer is not fully sent yet.
    public var requestsInFlight: Int { core.inFlight.load(ordering: .acquiring) }

    /// Stops accepting connections, lets the requests in flight finish (up to `grace`, then
    /// cancels them), and stops the daemon.
    public func shutdown(grace: Duration) async {
        daemon.quiesce()
        await waitForRequests(upTo: grace)
        if requestsInFlight > 0 {
            core.cancelAll()
            await waitForRequests(upTo: .seconds(2))
        }
        daemon.stop(core: core)
    }

    private func waitForRequests(upTo limit: Duration) async {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while requestsInFlight > 0, clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    deinit { daemon.stop(core: core) }
}

/// The MHD daemon handle, stopped once.
private final class Daemon: Sendable {
    /// The daemon and the retained ``ServerCore`` its callbacks get.
    private struct Handle: @unchecked Sendable {
        // @unchecked Sendable: MHD's daemon calls are thread-safe; the pointers are only
        // passed back to MHD and released once, under the Mutex.
        let pointer: OpaquePointer
        let context: UnsafeMutableRawPointer
    }

    private struct State: Sendable {
        var handle: Handle?
        var quiesced = false
    }

    private let state: Mutex<State>

    init(pointer: OpaquePointer, context: UnsafeMutableRawPointer) {
        state = Mutex(State(handle: Handle(pointer: pointer, context: context)))
    }

    func quiesce() {
        state.withLock { state in
            guard let handle = state.handle, !state.quiesced else { return }
            state.quiesced = true
            let socket = MHD_quiesce_daemon(handle.pointer)
            if socket >= 0 { close(socket) }
        }
    }

    /// Stops the daemon once no connection is suspended (MHD aborts the process otherwise):
    /// suspended ones are woken with an end first. A connection that still will not end in
    /// two seconds keeps the daemon alive (listening stopped) rather than crash.
    func stop(core: ServerCore) {
        core.abandonAll()
        for _ in 0..<200 where core.inFlight.load(ordering: .acquiring) > 0 {
            usleep(10_000)
            core.abandonAll()
        }
        guard core.inFlight.load(ordering: .acquiring) == 0 else { return }
        let handle = state.withLock { state -> Handle? in
            defer { state.handle = nil }
            return state.handle
        }
        guard let handle else { return }
        MHD_stop_daemon(handle.pointer)
        Unmanaged<ServerCore>.fromOpaque(handle.context).release()
    }
}

/// What MHD's callbacks reach: the handler, the limits, the live requests.
final class ServerCore: Sendable {
    let handler: any HTTPRequestHandler
    let maximumBodyBytes: Int
    let inFlight = Atomic<Int>(0)
    private let live = Mutex<[ObjectIdentifier: Exchange]>([:])

    init(handler: any HTTPRequestHandler, maximumBodyBytes: Int) {
        self.handler = handler
        self.maximumBodyBytes = maximumBodyBytes
    }

    func began(_ exchange: Exchange) {
        inFlight.add(1, ordering: .acquiringAndReleasing)
        live.withLock { $0[ObjectIdentifier(exchange)] = exchange }
    }

    func ended(_ exchange: Exchange) {
        let removed = live.withLock { $0.removeValue(forKey: ObjectIdentifier(exchange)) }
        if removed != nil { inFlight.subtract(1, ordering: .acquiringAndReleasing) }
    }

    func cancelAll() {
        for exchange in live.withLock({ Array($0.values) }) { exchange.cancel() }
    }

    func abandonAll() {
        for exchange in live.withLock({ Array($0.values) }) { exchange.abandon() }
    }
}

// MARK: - MHD callbacks

private let accessHandler: MHD_AccessHandlerCallback = { context, connection, url, method, _, uploadData, uploadSize, connectionContext in
    guard let context, let connection, let connectionContext, let uploadSize else { return fm_mhd_no() }
    let core = Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
    guard let slot = connectionContext.pointee else {
        // The headers are in; the body (if any) follows in later calls.
        let exchange = Exchange(connection: connection, core: core)
        connectionContext.pointee = Unmanaged.passRetained(exchange).toOpaque()
        exchange.method = method.map { String(cString: $0) } ?? "GET"
        exchange.path = url.map { String(cString: $0) } ?? "/"
        exchange.authorization = fm_mhd_header(connection, "Authorization").map { String(cString: $0) }
        if let length = fm_mhd_header(connection, "Content-Length").map({ String(cString: $0) }),
           let bytes = Int(length), bytes > core.maximumBodyBytes {
            // Refused before a byte of the body is read; MHD closes the connection after.
            exchange.refusedAsTooLarge = true
            return exchange.queue(Exchange.tooLarge(limit: core.maximumBodyBytes))
        }
        return fm_mhd_yes()
    }
    let exchange = Unmanaged<Exchange>.fromOpaque(slot).takeUnretainedValue()
    if uploadSize.pointee > 0 {
        let count = uploadSize.pointee
        if !exchange.refusedAsTooLarge {
            if exchange.body.count + count > core.maximumBodyBytes {
                // A body without Content-Length that grew past the limit: drop it, answer 413 at its end.
                exchange.refusedAsTooLarge = true
                exchange.body = []
            } else if let uploadData {
                uploadData.withMemoryRebound(to: UInt8.self, capacity: count) { exchange.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count)) }
            }
        }
        uploadSize.pointee = 0
        return fm_mhd_yes()
    }
    return exchange.requestComplete()
}

private let completionHandler: MHD_RequestCompletedCallback = { _, _, connectionContext, _ in
    guard let connectionContext, let slot = connectionContext.pointee else { return }
    connectionContext.pointee = nil
    let exchange = Unmanaged<Exchange>.fromOpaque(slot).takeRetainedValue()
    exchange.connectionEnded()
}
