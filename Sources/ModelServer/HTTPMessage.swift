/// A request as the server's handler sees it: method, path, the headers it asks for, body.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path without the query string (`/v1/chat/completions`).
    public var path: String
    /// `Authorization`, verbatim, when sent.
    public var authorization: String?
    public var body: [UInt8]

    public init(method: String, path: String, authorization: String? = nil, body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.authorization = authorization
        self.body = body
    }
}

/// An answer: complete bytes, or a stream the handler writes into as it generates.
public struct HTTPResponse: Sendable {
    public enum Body: Sendable {
        case bytes([UInt8])
        /// Called once the headers are on their way; returns when the stream is complete.
        /// A write returns false once the client is gone (the task is cancelled too).
        case stream(@Sendable (ResponseStreamWriter) async -> Void)
    }

    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Body

    public init(status: Int, headers: [(name: String, value: String)] = [], body: Body) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public init(status: Int, contentType: String, text: String) {
        self.init(status: status, headers: [("Content-Type", contentType)], body: .bytes(Array(text.utf8)))
    }
}

/// What answers the server's requests.
public protocol HTTPRequestHandler: Sendable {
    func respond(to request: HTTPRequest) async -> HTTPResponse
}

/// Writes a streamed body; the HTTP layer sends what it holds whenever the socket can take it.
public protocol ResponseStreamWriter: Sendable {
    /// Queues bytes; false when the client has gone.
    @discardableResult func write(_ bytes: [UInt8]) -> Bool
}
