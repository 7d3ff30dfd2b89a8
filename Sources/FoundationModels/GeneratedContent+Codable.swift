import JSONCore

extension GeneratedContent {
    /// This content as a JSON value (keys in generated order; identity and completeness dropped).
    package var jsonValue: JSONValue {
        switch kind {
        case .null: .null
        case .bool(let value): .bool(value)
        case .number(let value): Self.jsonNumber(value)
        case .string(let value): .string(value)
        case .array(let elements): .array(elements.map(\.jsonValue))
        case .structure(let properties, let orderedKeys):
            .object(JSONObject(orderedKeys.compactMap { key in properties[key].map { (key: key, value: $0.jsonValue) } }))
        }
    }

    /// Integral values are written without a fraction, so that integers round-trip as integers
    /// (`-0` as `0`); NaN and the infinities, which JSON cannot carry, are `null`.
    private static func jsonNumber(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .null }
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            return .number(JSONNumber(Int(Int64(value))))
        }
        return .number(JSONNumber(literal: "\(value)") ?? JSONNumber(value))
    }

    /// Creates complete content from a JSON value.
    package init(jsonValue: JSONValue) {
        switch jsonValue {
        case .null: self.init(kind: .null)
        case .bool(let value): self.init(kind: .bool(value))
        case .number(let value): self.init(kind: .number(value.doubleValue))
        case .string(let value): self.init(kind: .string(value))
        case .array(let elements): self.init(kind: .array(elements.map(GeneratedContent.init(jsonValue:))))
        case .object(let object):
            var properties: [String: GeneratedContent] = [:]
            for (key, value) in object { properties[key] = GeneratedContent(jsonValue: value) }
            self.init(kind: .structure(properties: properties, orderedKeys: object.keys))
        }
    }
}

/// Generated content encodes as its JSON text, which keeps the order of object keys (a keyed
/// container would not); decoding also accepts a JSON value written inline.
extension GeneratedContent: Codable {
    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.singleValueContainer(), let text = try? container.decode(String.self),
           let content = try? GeneratedContent(json: text), content.isComplete {
            self = content
            return
        }
        self.init(jsonValue: try CodableJSONValue(from: decoder).value)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(jsonString)
    }
}
