import Foundation
import JSONCore

/// A schema encodes as its JSON Schema and decodes from JSON Schema, so it can be stored in a
/// transcript and read back.
extension GenerationSchema: Codable {
    public func encode(to encoder: any Encoder) throws {
        try CodableJSONValue(try jsonSchema()).encode(to: encoder)
    }

    public init(from decoder: any Decoder) throws {
        self.init(node: .raw(Self.restoringPropertyOrder(try CodableJSONValue(from: decoder).value)))
    }

    /// Decoders do not keep the order of object keys; `"x-order"` records the order of
    /// properties, so it is put back (the grammar generates properties in document order).
    /// A schema written without it (by hand, by another tool) gets its `required` order, then
    /// the remaining names sorted: a fixed order, so the same schema decodes to the same grammar
    /// in every process (`JSONDecoder`'s key order changes from run to run).
    static func restoringPropertyOrder(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let elements):
            return .array(elements.map(restoringPropertyOrder))
        case .object(let object):
            var result = JSONObject()
            for (key, member) in object { result[key] = restoringPropertyOrder(member) }
            if case .object(let properties)? = result["properties"] {
                let order = (result["x-order"] ?? result["required"])?.array?.compactMap(\.string) ?? []
                var ordered = JSONObject()
                for name in order { if let schema = properties[name] { ordered[name] = schema } }
                for name in properties.map(\.key).sorted() where ordered[name] == nil { ordered[name] = properties[name] }
                result["properties"] = .object(ordered)
            }
            return .object(result)
        default:
            return value
        }
    }
}

/// Bridges ``JSONValue`` to `Codable` so JSON trees can sit inside encoded values.
struct CodableJSONValue: Codable {
    let value: JSONValue

    init(_ value: JSONValue) { self.value = value }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            var result = JSONObject()
            // Sorted: `allKeys` comes in the decoder's hash order, which differs between runs.
            for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                result[key.stringValue] = try object.decode(CodableJSONValue.self, forKey: key).value
            }
            value = .object(result)
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd { elements.append(try array.decode(CodableJSONValue.self).value) }
            value = .array(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                value = .null
            } else if let bool = try? single.decode(Bool.self) {
                value = .bool(bool)
            } else if let int = try? single.decode(Int.self) {
                value = .number(JSONNumber(int))
            } else if let double = try? single.decode(Double.self) {
                value = .number(JSONNumber(double))
            } else {
                value = .string(try single.decode(String.self))
            }
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch value {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let bool):
            var single = encoder.singleValueContainer()
            try single.encode(bool)
        case .number(let number):
            var single = encoder.singleValueContainer()
            if let integer = number.int64Value { try single.encode(integer) } else { try single.encode(number.doubleValue) }
        case .string(let string):
            var single = encoder.singleValueContainer()
            try single.encode(string)
        case .array(let elements):
            var array = encoder.unkeyedContainer()
            for element in elements { try array.encode(CodableJSONValue(element)) }
        case .object(let object):
            var container = encoder.container(keyedBy: Key.self)
            for (key, member) in object { try container.encode(CodableJSONValue(member), forKey: Key(stringValue: key)) }
        }
    }
}
