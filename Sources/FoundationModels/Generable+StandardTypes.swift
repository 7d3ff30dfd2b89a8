import Foundation

// Conformances of the standard types the model can generate directly. Each converts from the
// JSON kind it is generated as and names what it found when the content has another shape.

extension String: Generable {
    public static var generationSchema: GenerationSchema { GenerationSchema(node: .string, name: "String") }

    public init(_ content: GeneratedContent) throws {
        guard case .string(let value) = content.kind else { throw content.mismatch(expected: "a string") }
        self = value
    }

    public var generatedContent: GeneratedContent { GeneratedContent(kind: .string(self)) }
    public var instructionsRepresentation: Instructions { return Instructions(content: self) }
    public var promptRepresentation: Prompt { return Prompt(content: self) }
}

extension Bool: Generable {
    public static var generationSchema: GenerationSchema { GenerationSchema(node: .boolean, name: "Bool") }

    public init(_ content: GeneratedContent) throws {
        guard case .bool(let value) = content.kind else { throw content.mismatch(expected: "a boolean") }
        self = value
    }

    public var generatedContent: GeneratedContent { GeneratedContent(kind: .bool(self)) }
}

extension Int: Generable {
    public static var generationSchema: GenerationSchema { GenerationSchema(node: .integer, name: "Int") }

    public init(_ content: GeneratedContent) throws {
        guard case .number(let value) = content.kind else { throw content.mismatch(expected: "an integer") }
        guard let exact = Int(exactly: value) else {
            throw GeneratedContent._decodingFailure("Expected an integer, found \(value)", content: content)
        }
        self = exact
    }

    public var generatedContent: GeneratedContent { GeneratedContent(kind: .number(Double(self))) }
}

extension Double: Generable {
    public static var generationSchema: GenerationSchema { GenerationSchema(node: .number, name: "Double") }

    public init(_ content: GeneratedContent) throws {
        guard case .number(let value) = content.kind else { throw content.mismatch(expected: "a number") }
        self = value
    }

    public var generatedContent: GeneratedContent { GeneratedContent(kind: .number(self)) }
}

extension Float: Generable {
    public static var generationSchema: GenerationSchema { GenerationSchema(node: .number, name: "Float") }

    public init(_ content: GeneratedContent) throws {
        guard case .number(let value) = content.kind else { throw content.mismatch(expected: "a number") }
        self = Float(value)
    }

    public var generatedContent: GeneratedContent { GeneratedContent(kind: .number(Double(self))) }
}

extension Decimal: Generable {
    public static var generationSchema: GenerationSchema { GenerationSchema(node: .number, name: "Decimal") }

    public init(_ content: GeneratedContent) throws {
        guard case .number(let value) = content.kind else { throw content.mismatch(expected: "a number") }
        // Through the shortest decimal text of the double, so 0.1 stays 0.1.
        self = Decimal(string: "\(value)") ?? Decimal(value)
    }

    public var generatedContent: GeneratedContent {
        GeneratedContent(kind: .number(NSDecimalNumber(decimal: self).doubleValue))
    }
}

extension GeneratedContent: Generable {
    public static var generationSchema: GenerationSchema { GenerationSchema(node: .any, name: "GeneratedContent") }

    public init(_ content: GeneratedContent) throws { self = content }

    public var generatedContent: GeneratedContent { self }
}

extension Optional: InstructionsRepresentable where Wrapped: ConvertibleToGeneratedContent {}
extension Optional: PromptRepresentable where Wrapped: ConvertibleToGeneratedContent {}

extension Optional: ConvertibleToGeneratedContent where Wrapped: ConvertibleToGeneratedContent {
    public var generatedContent: GeneratedContent {
        self?.generatedContent ?? GeneratedContent(kind: .null)
    }
}

extension Optional: ConvertibleFromGeneratedContent where Wrapped: ConvertibleFromGeneratedContent {
    public init(_ content: GeneratedContent) throws {
        self = content.kind == .null ? nil : try Wrapped(content)
    }
}

extension Optional: Generable where Wrapped: Generable {
    public typealias PartiallyGenerated = Wrapped.PartiallyGenerated?

    public static var generationSchema: GenerationSchema {
        GenerationSchema(node: .optional(.generable(Wrapped.self)), name: "Optional<\(Wrapped.generationSchema.name)>")
    }

    public func asPartiallyGenerated() -> Wrapped.PartiallyGenerated? { self?.asPartiallyGenerated() }
}

extension Array: InstructionsRepresentable where Element: InstructionsRepresentable {
    public var instructionsRepresentation: Instructions {
        return Instructions(components: flatMap(\.instructionsRepresentation.components))
    }
}

extension Array: PromptRepresentable where Element: PromptRepresentable {
    public var promptRepresentation: Prompt {
        return Prompt(components: flatMap(\.promptRepresentation.components))
    }
}

extension Array: ConvertibleToGeneratedContent where Element: ConvertibleToGeneratedContent {
    public var generatedContent: GeneratedContent { GeneratedContent(kind: .array(map(\.generatedContent))) }
}

extension Array: ConvertibleFromGeneratedContent where Element: ConvertibleFromGeneratedContent {
    public init(_ content: GeneratedContent) throws {
        guard case .array(let elements) = content.kind else { throw content.mismatch(expected: "an array") }
        self = try elements.map { try Element($0) }
    }
}

extension Array: Generable where Element: Generable {
    public typealias PartiallyGenerated = [Element.PartiallyGenerated]

    public static var generationSchema: GenerationSchema {
        GenerationSchema(node: .array(.generable(Element.self), minimumCount: nil, maximumCount: nil),
                         name: "Array<\(Element.generationSchema.name)>")
    }

    public func asPartiallyGenerated() -> [Element.PartiallyGenerated] { map { $0.asPartiallyGenerated() } }
}
