/// A result builder that joins instructions line by line, with `if`, `if`/`else` and `for`.
@resultBuilder
public struct InstructionsBuilder {
    public static func buildBlock<each I: InstructionsRepresentable>(_ components: repeat each I) -> Instructions {
        var parts: [PromptPart] = []
        for component in repeat each components {
            parts.append(contentsOf: component.instructionsRepresentation.components)
        }
        return Instructions(components: parts)
    }

    public static func buildArray(_ instructions: [some InstructionsRepresentable]) -> Instructions {
        Instructions(components: instructions.flatMap(\.instructionsRepresentation.components))
    }

    public static func buildEither(first component: some InstructionsRepresentable) -> Instructions {
        component.instructionsRepresentation
    }

    public static func buildEither(second component: some InstructionsRepresentable) -> Instructions {
        component.instructionsRepresentation
    }

    public static func buildOptional(_ instructions: Instructions?) -> Instructions {
        instructions ?? Instructions(components: [])
    }

    public static func buildLimitedAvailability(_ instructions: some InstructionsRepresentable) -> Instructions {
        instructions.instructionsRepresentation
    }

    public static func buildExpression<I: InstructionsRepresentable>(_ expression: I) -> I { expression }

    public static func buildExpression(_ expression: Instructions) -> Instructions { expression }
}
