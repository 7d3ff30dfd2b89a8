/// A JSON value that keeps what a round trip must keep: the order of object keys and the exact
/// text of numbers.
///
/// ```swift
/// let value = try JSONValue(parsing: #"{"b": 1, "a": [true, null, 2.50]}"#)
/// value.serialized()                      // {"b":1,"a":[true,null,2.50]}
/// value["b"]?.number?.doubleValue         // 1.0
/// ```
///
/// Equality is JSON's: objects compare as unordered key sets and numbers by mathematical
/// value (`1`, `1.0` and `1e0` are equal), as JSON Schema's `const`, `enum` and `uniqueItems` need.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    public var isNull: Bool { if case .null = self { true } else { false } }
    public var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    public var number: JSONNumber? { if case .number(let value) = self { value } else { nil } }
    public var string: String? { if case .string(let value) = self { value } else { nil } }
    public var array: [JSONValue]? { if case .array(let value) = self { value } else { nil } }
    public var object: JSONObject? { if case .object(let value) = self { value } else { nil } }

    /// The member named `key` when this is an object.
    public subscript(key: String) -> JSONValue? { object?[key] }

    /// JSON Schema's name for the type of this value (`"integer"` for numbers with no fraction).
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number(let number): number.isInteger ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { (key: $0.0, value: $0.1) }))
    }
}
