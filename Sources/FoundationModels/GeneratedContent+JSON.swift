import JSONCore

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
        // JSONCore's streaming parser builds the content directly (`PartialJSONBuildable`).
        var parser = PartialJSONParser<GeneratedContent>(bytes: Array(json.utf8))
        do {
            self = try parser.parseDocument()
        } catch {
            throw LanguageModelSession.GenerationError.decodingFailure(
                .init(debugDescription: "Invalid JSON at byte offset \(error.offset): \(error).")
            )
        }
    }

    /// The content as compact JSON text, object keys in their generated order, written by
    /// JSONCore's one JSON writer.
    public var jsonString: String {
        jsonValue.serialized()
    }
}

extension GeneratedContent: PartialJSONBuildable {
    package init(partialLiteral value: Bool?, isComplete: Bool) {
        self.init(kind: value.map(Kind.bool) ?? .null, isComplete: isComplete)
    }

    package init(partialNumber number: JSONNumber, isComplete: Bool) {
        // Apple's API keeps numbers as `Double`: the one nearest the literal.
        self.init(kind: .number(number.doubleValue), isComplete: isComplete)
    }

    package init(partialString string: String, isComplete: Bool) {
        self.init(kind: .string(string), isComplete: isComplete)
    }

    package init(partialElements elements: [GeneratedContent], isComplete: Bool) {
        self.init(kind: .array(elements), isComplete: isComplete)
    }

    /// A repeated key keeps its last value at the position of its first, as `JSONObject` does.
    package init(partialMembers members: [(key: String, value: GeneratedContent)], isComplete: Bool) {
        var properties: [String: GeneratedContent] = [:]
        var keys: [String] = []
        for (key, value) in members where properties.updateValue(value, forKey: key) == nil {
            keys.append(key)
        }
        self.init(kind: .structure(properties: properties, orderedKeys: keys), isComplete: isComplete)
    }
}
