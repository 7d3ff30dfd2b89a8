/// A result builder that joins prompt parts line by line, with `if`, `if`/`else` and `for`.
@resultBuilder
public struct PromptBuilder {
    public static func buildBlock<each P: PromptRepresentable>(_ components: repeat each P) -> Prompt {
        var parts: [PromptPart] = []
        for component in repeat each components {
            parts.append(contentsOf: component.promptRepresentation.components)
        }
        return Prompt(components: parts)
    }

    public static func buildArray(_ prompts: [some PromptRepresentable]) -> Prompt {
        Prompt(components: prompts.flatMap(\.promptRepresentation.components))
    }

    public static func buildEither(first component: some PromptRepresentable) -> Prompt {
        component.promptRepresentation
    }

    public static func buildEither(second component: some PromptRepresentable) -> Prompt {
        component.promptRepresentation
    }

    public static func buildOptional(_ prompt: Prompt?) -> Prompt {
        prompt ?? Prompt(components: [])
    }

    public static func buildLimitedAvailability(_ prompt: some PromptRepresentable) -> Prompt {
        prompt.promptRepresentation
    }

    public static func buildExpression<P: PromptRepresentable>(_ expression: P) -> P { expression }

    public static func buildExpression(_ expression: Prompt) -> Prompt { expression }
}
