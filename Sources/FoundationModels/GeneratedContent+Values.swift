extension GeneratedContent {
    /// Converts this content to a value of the given type.
    ///
    /// ```swift
    /// let title = try GeneratedContent(json: #""Soup""#).value(String.self)
    /// ```
    /// - throws: `LanguageModelSession.GenerationError.decodingFailure` when the content does
    ///   not have the shape the type needs.
    public func value<Value: ConvertibleFromGeneratedContent>(_ type: Value.Type = Value.self) throws -> Value {
        try Value(self)
    }

    /// Converts one property of this object to a value of the given type.
    ///
    /// - throws: `LanguageModelSession.GenerationError.decodingFailure` naming the property when
    ///   this content is not an object, lacks the property, or its value has the wrong shape.
    public func value<Value: ConvertibleFromGeneratedContent>(
        _ type: Value.Type = Value.self,
        forProperty property: String
    ) throws -> Value {
        guard case .structure(let properties, _) = kind else {
            throw Self._decodingFailure("Expected an object with property '\(property)', found \(kindName)", content: self)
        }
        guard let value = properties[property] else {
            throw Self._decodingFailure("Missing property '\(property)' in \(jsonString)", content: self)
        }
        return try Value(value)
    }

    /// Converts one optional property of this object: a missing property or `null` is `nil`.
    ///
    /// - throws: `LanguageModelSession.GenerationError.decodingFailure` when this content is
    ///   not an object or the property's value has the wrong shape.
    public func value<Value: ConvertibleFromGeneratedContent>(
        _ type: Value?.Type = Value?.self,
        forProperty property: String
    ) throws -> Value? {
        guard case .structure(let properties, _) = kind else {
            throw Self._decodingFailure("Expected an object with property '\(property)', found \(kindName)", content: self)
        }
        guard let value = properties[property], value.kind != .null else { return nil }
        return try Value(value)
    }

    /// The error generated code throws when content cannot become the requested type (for
    /// example an unknown enum case). Support for the `@Generable` macro; not for direct use.
    public static func _decodingFailure(_ message: String, content: GeneratedContent) -> any Error {
        LanguageModelSession.GenerationError.decodingFailure(
            .init(debugDescription: "\(message). Content: \(content.jsonString)")
        )
    }

    var kindName: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .structure: "an object"
        }
    }

    /// Throws a decoding failure that names the expected type and what was found.
    func mismatch(expected: String) -> any Error {
        Self._decodingFailure("Expected \(expected), found \(kindName)", content: self)
    }
}
