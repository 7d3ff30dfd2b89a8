import JSONCore

/// A JSON object read strictly: every key must be read by the decoder, so whatever is left
/// over is a parameter the server does not support, reported by name instead of ignored.
///
/// A key whose value is `null` counts as absent (clients send `"refusal": null` back with
/// assistant messages), so only keys with values are ever reported.
///
/// ```swift
/// var object = try WireObject(value, at: "response_format")
/// let type = try object.required("type", as: String.self)
/// try object.finish()   // throws naming any key not read
/// ```
public struct WireObject {
    /// Where the object sits in the request (`messages[0]`), for error messages; empty at the top.
    public let path: String
    private let object: JSONObject
    private var read: Set<String> = []

    public init(_ value: JSONValue, at path: String) throws(WireError) {
        guard let object = value.object else {
            throw .invalidRequest("\(Self.name(path)) must be an object, not \(value.typeName).", param: path.isEmpty ? nil : path)
        }
        self.path = path
        self.object = object
    }

    /// The path of a key of this object.
    public func path(of key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    private static func name(_ path: String) -> String { path.isEmpty ? "The request body" : "'\(path)'" }

    /// The raw value of `key`, nil when absent or null; marks it read.
    public mutating func value(_ key: String) -> JSONValue? {
        read.insert(key)
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    /// The value of `key` as `T`, nil when absent or null.
    ///
    /// - throws: `WireError` naming the key when it holds another type.
    public mutating func optional<T: WireScalar>(_ key: String, as type: T.Type) throws(WireError) -> T? {
        guard let value = value(key) else { return nil }
        guard let typed = T(wire: value) else {
            throw .invalidRequest("'\(path(of: key))' must be \(T.wireDescription), not \(value.typeName).", param: path(of: key), code: "invalid_type")
        }
        return typed
    }

    /// The value of `key` as `T`.
    ///
    /// - throws: `WireError` naming the key when it is missing or holds another type.
    public mutating func required<T: WireScalar>(_ key: String, as type: T.Type) throws(WireError) -> T {
        guard let typed = try optional(key, as: type) else {
            throw .invalidRequest("Missing required parameter: '\(path(of: key))'.", param: path(of: key), code: "missing_required_parameter")
        }
        return typed
    }

    /// The array under `key`, nil when absent or null.
    public mutating func array(_ key: String) throws(WireError) -> [JSONValue]? {
        guard let value = value(key) else { return nil }
        guard let array = value.array else {
            throw .invalidRequest("'\(path(of: key))' must be an array, not \(value.typeName).", param: path(of: key), code: "invalid_type")
        }
        return array
    }

    /// Accepts `key` only when it is absent, null or equal to `neutral` (a parameter whose
    /// default the server implements and nothing else).
    public mutating func onlyDefault(_ key: String, _ neutral: JSONValue, meaning: String) throws(WireError) {
        guard let value = value(key) else { return }
        if value == neutral { return }
        if let number = value.number, let other = neutral.number, number.doubleValue == other.doubleValue { return }
        throw .invalidRequest("Unsupported value for '\(path(of: key))': only \(neutral.serialized()) (\(meaning)) is supported.",
                              param: path(of: key), code: "unsupported_value")
    }

    /// Throws naming every key that was not read and holds a value.
    public func finish() throws(WireError) {
        let unknown = object.keys.filter { !read.contains($0) && !(object[$0]?.isNull ?? true) }
        guard let first = unknown.first else { return }
        let names = unknown.map { "'\(path(of: $0))'" }.joined(separator: ", ")
        throw .invalidRequest("Unsupported parameter\(unknown.count == 1 ? "" : "s"): \(names).",
                              param: path(of: first), code: "unsupported_parameter")
    }
}

/// A JSON value type a ``WireObject`` field can hold.
public protocol WireScalar {
    init?(wire value: JSONValue)
    static var wireDescription: String { get }
}

extension String: WireScalar {
    public init?(wire value: JSONValue) {
        guard let string = value.string else { return nil }
        self = string
    }
    public static var wireDescription: String { "a string" }
}

extension Bool: WireScalar {
    public init?(wire value: JSONValue) {
        guard let bool = value.bool else { return nil }
        self = bool
    }
    public static var wireDescription: String { "a boolean" }
}

extension Double: WireScalar {
    public init?(wire value: JSONValue) {
        guard let number = value.number, number.doubleValue.isFinite else { return nil }
        self = number.doubleValue
    }
    public static var wireDescription: String { "a number" }
}

extension Int: WireScalar {
    public init?(wire value: JSONValue) {
        guard let number = value.number, number.isInteger, let int = number.int64Value, let value = Int(exactly: int) else { return nil }
        self = value
    }
    public static var wireDescription: String { "an integer" }
}

extension UInt64: WireScalar {
    public init?(wire value: JSONValue) {
        guard let number = value.number, number.isInteger else { return nil }
        if let int = number.int64Value {
            guard let value = UInt64(exactly: int) else { return nil }
            self = value
        } else {
            guard let value = UInt64(number.literal) else { return nil }
            self = value
        }
    }
    public static var wireDescription: String { "a non-negative integer" }
}

extension JSONObject: WireScalar {
    public init?(wire value: JSONValue) {
        guard let object = value.object else { return nil }
        self = object
    }
    public static var wireDescription: String { "an object" }
}
