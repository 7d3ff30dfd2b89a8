extension JSONValue {
    /// How `serialized(_:)` writes JSON.
    public struct SerializationOptions: Sendable, Hashable {
        /// Indent nested values by this many spaces; nil writes everything on one line.
        public var indentation: Int?
        /// Write object keys sorted by their UTF-16 code units instead of in written order.
        public var sortsKeys: Bool
        /// Escape every non-ASCII character as `\uXXXX` (as Python's `json.dumps` does by default).
        public var escapesNonASCII: Bool
        /// Put a space after `:` and `,` on a single line (Python's default separators).
        public var spacesAfterSeparators: Bool

        public init(indentation: Int? = nil, sortsKeys: Bool = false, escapesNonASCII: Bool = false, spacesAfterSeparators: Bool = false) {
            self.indentation = indentation
            self.sortsKeys = sortsKeys
            self.escapesNonASCII = escapesNonASCII
            self.spacesAfterSeparators = spacesAfterSeparators
        }

        /// `{"a":1,"b":[true,null]}`
        public static let compact = SerializationOptions()
    }

    /// Writes this value as JSON text.
    public func serialized(_ options: SerializationOptions = .compact) -> String {
        var output = ""
        write(to: &output, options: options, level: 0)
        return output
    }

    private func write(to output: inout String, options: SerializationOptions, level: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let number): output += number.literal
        case .string(let string): JSONValue.writeString(string, to: &output, escapesNonASCII: options.escapesNonASCII)
        case .array(let elements):
            if elements.isEmpty { output += "[]"; return }
            output += "["
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output += options.spacesAfterSeparators && options.indentation == nil ? ", " : "," }
                newline(&output, options, level + 1)
                element.write(to: &output, options: options, level: level + 1)
            }
            newline(&output, options, level)
            output += "]"
        case .object(let object):
            if object.isEmpty { output += "{}"; return }
            output += "{"
            let members: [JSONObject.Element] = options.sortsKeys
                ? object.sorted { Array($0.key.utf16).lexicographicallyPrecedes(Array($1.key.utf16)) }
                : Array(object)
            for (offset, member) in members.enumerated() {
                if offset > 0 { output += options.spacesAfterSeparators && options.indentation == nil ? ", " : "," }
                newline(&output, options, level + 1)
                JSONValue.writeString(member.key, to: &output, escapesNonASCII: options.escapesNonASCII)
                output += options.spacesAfterSeparators || options.indentation != nil ? ": " : ":"
                member.value.write(to: &output, options: options, level: level + 1)
            }
            newline(&output, options, level)
            output += "}"
        }
    }

    private func newline(_ output: inout String, _ options: SerializationOptions, _ level: Int) {
        guard let indentation = options.indentation else { return }
        output += "\n" + String(repeating: " ", count: indentation * level)
    }

    /// Writes `string` as a JSON string literal with the shortest standard escapes.
    public static func writeString(_ string: String, to output: inout String, escapesNonASCII: Bool = false) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 || (escapesNonASCII && scalar.value > 0x7E) {
                    for unit in String(scalar).utf16 {
                        let hex = String(unit, radix: 16)
                        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    }
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
