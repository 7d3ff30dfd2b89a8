import CMicroHTTPD
import Foundation
import Synchronization

/// One request on one connection, from its headers to the last byte of its answer.
///
/// The fields up to ``body`` are written only by the MHD thread that receives the request
/// (MHD processes a connection on one thread at a time); everything the handler's task and MHD
/// share afterwards sits behind ``state``.
final class Exchange: @unchecked Sendable {
    // @unchecked Sendable: see above; the shared part is the Mutex.
    let connection: OpaquePointer
    unowned let core: ServerCore
    var method = "GET"
    var path = "/"
    var authorization: String?
    var body: [UInt8] = []
    var refusedAsTooLarge = false

    private struct State {
        var started = false
        /// The handler's answer, waiting for MHD to pick it up.
        var ready: HTTPResponse?
        /// MHD holds the connection suspended until ``resume`` (at most one resume per suspend).
        var suspended = false
        var task: Task<Void, Never>?
        var ended = false
        /// The answer is a stream being sent.
        var streaming = false
        // The streamed body: bytes queued by the writer, from `offset`, and whether it is over.
        var pending: [UInt8] = []
        var offset = 0
        var finished = false
    }

    private let state = Mutex(State())

    init(connection: OpaquePointer, core: ServerCore) {
        self.connection = connection
        self.core = core
    }

    static func tooLarge(limit: Int) -> HTTPResponse {
        let error = #"{"error":{"message":"The request body is larger than the server's limit of \#(limit) bytes.","type":"invalid_request_error","param":null,"code":"request_too_large"}}"#
        return HTTPResponse(status: 413, contentType: "application/json", text: error)
    }

    /// The body is complete (MHD thread): start the handler, or send its answer once it is ready.
    func requestComplete() -> MHD_Result {
        if refusedAsTooLarge { return queue(Self.tooLarge(limit: core.maximumBodyBytes)) }
        let ready = state.withLock { state -> HTTPResponse? in
            if let ready = state.ready {
                state.ready = nil
                return ready
            }
            if !state.started {
                state.started = true
                core.began(self)
                let request = HTTPRequest(method: method, path: path, authorization: authorization, body: body)
                body = []
                let handler = core.handler
                state.task = Task.detached { [self] in
                    let response = await handler.respond(to: request)
                    deliver(response)
                }
            }
            // Nothing to send yet: MHD stops polling this connection until `deliver` resumes it.
            state.suspended = true
            MHD_suspend_connection(connection)
            return nil
        }
        return ready.map(queue) ?? fm_mhd_yes()
    }

    /// The handler's answer (its task): hand it to MHD on the connection's next turn.
    private func deliver(_ response: HTTPResponse) {
        let wake = state.withLock { state -> Bool in
            guard !state.ended else { return false }
            state.ready = response
            defer { state.suspended = false }
            return state.suspended
        }
        // A suspended connection cannot end, so resuming outside the lock is safe.
        if wake { MHD_resume_connection(connection) }
    }

    /// Queues `response` on the connection (MHD thread, in the access handler).
    func queue(_ response: HTTPResponse) -> MHD_Result {
        let mhdResponse: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            mhdResponse = bytes.withUnsafeBytes { raw in
                fm_mhd_response_copying(raw.count, raw.baseAddress)
            }
        case .stream(let produce):
            let context = Unmanaged.passRetained(self).toOpaque()
            mhdResponse = MHD_create_response_from_callback(fm_mhd_size_unknown(), 16 * 1024, streamReaderCallback, context, streamReleasedCallback)
            if mhdResponse == nil {
                Unmanaged<Exchange>.fromOpaque(context).release()
            } else {
                let writer = Writer(exchange: self)
                let task = Task.detached {
                    await produce(writer)
                    writer.finish()
                }
                state.withLock { state in
                    state.task = task
                    state.streaming = true
                }
            }
        }
        guard let mhdResponse else { return fm_mhd_no() }
        defer { MHD_destroy_response(mhdResponse) }
        for header in response.headers {
            MHD_add_response_header(mhdResponse, header.name, header.value)
        }
        return MHD_queue_response(connection, UInt32(response.status), mhdResponse)
    }

    /// Copies queued stream bytes into MHD's buffer; suspends the connection when there are none.
    func read(into buffer: UnsafeMutablePointer<CChar>, maximum: Int) -> Int {
        state.withLock { state in
            let available = state.pending.count - state.offset
            if available > 0 {
                let count = min(available, maximum)
                state.pending.withUnsafeBufferPointer { source in
                    UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress! + state.offset, byteCount: count)
                }
                state.offset += count
                if state.offset == state.pending.count {
                    state.pending.removeAll(keepingCapacity: true)
                    state.offset = 0
                }
                return count
            }
            if state.finished || state.ended { return fm_mhd_end_of_stream() }
            state.suspended = true
            MHD_suspend_connection(connection)
            return 0
        }
    }

    /// Queues stream bytes (handler's task); false once the connection is gone.
    fileprivate func append(_ bytes: [UInt8], finishing: Bool) -> Bool {
        let (alive, wake) = state.withLock { state -> (Bool, Bool) in
            guard !state.ended else { return (false, false) }
            state.pending.append(contentsOf: bytes)
            if finishing { state.finished = true }
            defer { state.suspended = false }
            return (true, state.suspended)
        }
        if wake { MHD_resume_connection(connection) }
        return alive
    }

    /// The connection is done with this request (sent, failed, or the client left): stop its work.
    func connectionEnded() {
        let task = state.withLock { state -> Task<Void, Never>? in
            state.ended = true
            return state.task
        }
        task?.cancel()
        core.ended(self)
    }

    /// Cancels the handler's work (shutdown past its grace period).
    func cancel() {
        state.withLock { $0.task }?.cancel()
    }

    /// Wakes a suspended connection with an end (a 503, or the end of its stream), so that
    /// MHD can close it: the daemon cannot stop while any connection is suspended.
    func abandon() {
        let wake = state.withLock { state -> Bool in
            guard !state.ended, state.suspended else { return false }
            state.suspended = false
            if state.streaming {
                state.finished = true
            } else if state.ready == nil {
                let error = #"{"error":{"message":"The server is shutting down.","type":"server_error","param":null,"code":"shutting_down"}}"#
                state.ready = HTTPResponse(status: 503, contentType: "application/json", text: error)
            }
            return true
        }
        if wake { MHD_resume_connection(connection) }
    }

    private final class Writer: ResponseStreamWriter {
        let exchange: Exchange
        init(exchange: Exchange) { self.exchange = exchange }
        func write(_ bytes: [UInt8]) -> Bool { exchange.append(bytes, finishing: false) }
        func finish() { _ = exchange.append([], finishing: true) }
    }
}

private let streamReaderCallback: MHD_ContentReaderCallback = { context, _, buffer, maximum in
    guard let context, let buffer else { return fm_mhd_end_with_error() }
    return Unmanaged<Exchange>.fromOpaque(context).takeUnretainedValue().read(into: buffer, maximum: maximum)
}

private let streamReleasedCallback: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    Unmanaged<Exchange>.fromOpaque(context).release()
}
