import JSONSchemaValidation
import Foundation

extension GeneratedContent {
    /// Creates content by parsing JSON text, including a prefix of JSON that is still being
    /// streamed.
    ///
    /// An unfinished string, array or object parses to what is there so far, with
    /// ``isComplete`` `false` on it and on every enclosing value; an object key whose value
    /// has not started yet is left out.
    ///
    /// ```swift
    /// let partial = try GeneratedContent(json: #"{"title": "Kimchi ste"#)
    /// partial.isComplete                                        // false
    /// try partial.value(String.self, forProperty: "title")      // "Kimchi ste"
    /// ```
    /// - parameter json: JSON text, complete or a prefix of it.
    /// - throws: `LanguageModelSession.GenerationError.decodingFailure` naming the byte
    ///   offset when the text is not JSON (or not a prefix of JSON).
    public init(json: String) throws {
        var parser = PartialJSONParser(bytes: Array(json.utf8))
        self = try parser.parseDocument()
    }

    /// The content as compact JSON text, object keys in their generated order.
    public var jsonString: String {
        var output = ""
        writeJSON(to: &output)
        return output
    }

    func writeJSON(to output: inout String) {
        switch kind {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += Self.jsonNumber(value)
        case .string(let value): Self.writeJSONString(value, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.writeJSON(to: &output)
            }
            output += "]"
        case .structure(let properties, let orderedKeys):
            output += "{"
            var first = true
            for key in orderedKeys {
                guard let value = properties[key] else { continue }
                if !first { output += "," }
                first = false
                Self.writeJSONString(key, to: &output)
                output += ":"
                value.writeJSON(to: &output)
            }
            output += "}"
        }
    }

    /// Integral values print without a fraction so integers round-trip as integers.
    static func jsonNumber(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    static func writeJSONString(_ string: String, to output: inout String) {
        JSONValue.writeString(string, to: &output)
    }
}
