import JSONCore

/// An error in OpenAI's shape: the HTTP status it goes with and the body
/// `{"error": {"message", "type", "param", "code"}}` that clients (the official SDKs among them)
/// parse into their own error types.
///
/// ```swift
/// throw WireError.invalidRequest("'messages' must not be empty.", param: "messages")
/// ```
public struct WireError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The HTTP status: 400 for a bad request, 401, 404, 413, 429, 500, 503.
    public var status: Int
    /// A sentence saying what was wrong, naming the field.
    public var message: String
    /// OpenAI's error type: `invalid_request_error`, `authentication_error`, `server_error`, ...
    public var type: String
    /// The request field at fault (`messages[2].role`), when there is one.
    public var param: String?
    /// A machine-readable code (`unsupported_parameter`, `invalid_json`, ...), when there is one.
    public var code: String?

    public init(status: Int, message: String, type: String, param: String? = nil, code: String? = nil) {
        self.status = status
        self.message = message
        self.type = type
        self.param = param
        self.code = code
    }

    public var description: String { message }

    /// A request the server cannot accept (400).
    public static func invalidRequest(_ message: String, param: String? = nil, code: String? = nil) -> WireError {
        WireError(status: 400, message: message, type: "invalid_request_error", param: param, code: code)
    }

    /// The error body.
    public var body: JSONValue {
        ["error": [
            "message": .string(message), "type": .string(type),
            "param": param.map(JSONValue.string) ?? .null, "code": code.map(JSONValue.string) ?? .null,
        ]]
    }

    /// Reads an error body (what a client does with a server's non-2xx answer).
    ///
    /// - returns: nil when `body` is not in OpenAI's shape.
    public init?(status: Int, body: JSONValue) {
        guard let error = body["error"]?.object, let message = error["message"]?.string else { return nil }
        self.init(status: status, message: message, type: error["type"]?.string ?? "error",
                  param: error["param"]?.string, code: error["code"]?.string ?? error["code"]?.number?.description)
    }
}
