import Foundation
import JSONSchemaValidation
#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP/1.1 client over a POSIX socket to 127.0.0.1, so tests control every byte:
/// bodies of any size, stalled sends, a connection dropped mid-stream. Answers are read to the
/// end of the connection (requests say `Connection: close`), chunked bodies decoded.
struct LoopbackConnection: Sendable {
    let socket: Int32

    struct Failure: Error, CustomStringConvertible { var description: String }

    init(port: UInt16, receiveTimeoutSeconds: Int = 120) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            _ = Glibc.close(socket)
            throw Failure(description: "connect to 127.0.0.1:\(port) failed: \(String(cString: strerror(errno)))")
        }
        var timeout = timeval(tv_sec: receiveTimeoutSeconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends bytes; false when the peer closed.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Reads up to `count` bytes; empty at the end of the connection.
    func receive(upTo count: Int = 65536) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        let received = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, count, 0) }
        return received > 0 ? Array(buffer[..<received]) : []
    }

    /// Everything until the peer closes.
    func receiveAll() -> [UInt8] {
        var all: [UInt8] = []
        while true {
            let piece = receive()
            if piece.isEmpty { return all }
            all += piece
        }
    }

    func close() { _ = Glibc.close(socket) }
}

/// A parsed answer.
struct LoopbackResponse {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }
    var json: JSONValue? { try? JSONValue(parsing: body) }

    /// The `data:` payloads of a server-sent event stream, in order.
    var events: [String] {
        text.components(separatedBy: "\n\n").compactMap { block in
            block.hasPrefix("data: ") ? String(block.dropFirst(6)) : nil
        }
    }

    init(raw: [UInt8]) throws {
        guard let split = raw.firstRange(of: Array("\r\n\r\n".utf8)) else {
            throw LoopbackConnection.Failure(description: "no header end in \(raw.count) bytes: \(String(decoding: raw.prefix(200), as: UTF8.self))")
        }
        let head = String(decoding: raw[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw LoopbackConnection.Failure(description: "bad status line \(head[0])")
        }
        self.status = status
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        self.headers = headers
        let rest = Array(raw[split.upperBound...])
        body = headers["transfer-encoding"]?.lowercased() == "chunked" ? Self.dechunk(rest) : rest
    }

    private static func dechunk(_ bytes: [UInt8]) -> [UInt8] {
        var body: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard let lineEnd = bytes[index...].firstRange(of: Array("\r\n".utf8)) else { break }
            let sizeText = String(decoding: bytes[index..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first.map(String.init) ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size > 0 else { break }
            let start = lineEnd.upperBound
            let end = min(bytes.count, start + size)
            body += bytes[start..<end]
            index = end + 2
        }
        return body
    }
}

/// Runs blocking socket work on a thread of its own: the test's cooperative threads (as many
/// as cores) must stay free to run the server's tasks, or a blocked client starves the
/// server it waits for.
func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try work() }) }
        thread.start()
    }
}

enum Loopback {
    /// Sends one request and reads the whole answer.
    static func request(port: UInt16, method: String = "POST", path: String, body: [UInt8]? = nil,
                        headers: [String] = []) async throws -> LoopbackResponse {
        try await offPool { try blockingRequest(port: port, method: method, path: path, body: body, headers: headers) }
    }

    static func blockingRequest(port: UInt16, method: String, path: String, body: [UInt8]?, headers: [String]) throws -> LoopbackResponse {
        let connection = try LoopbackConnection(port: port)
        defer { connection.close() }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for header in headers { head += header + "\r\n" }
        if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
        head += "\r\n"
        connection.send(head)
        if let body { connection.send(body) }
        return try LoopbackResponse(raw: connection.receiveAll())
    }

    static func post(port: UInt16, path: String = "/v1/chat/completions", json: JSONValue, headers: [String] = []) async throws -> LoopbackResponse {
        try await request(port: port, path: path, body: Array(json.serialized().utf8), headers: headers)
    }

    static func get(port: UInt16, path: String, headers: [String] = []) async throws -> LoopbackResponse {
        try await request(port: port, method: "GET", path: path, headers: headers)
    }
}
