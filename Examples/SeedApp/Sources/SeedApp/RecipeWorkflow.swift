import FoundationModels

/// Seed 000's `RecipeCard`, as the seed writes it (in English: the default model reads only
/// English): the grammar holds `difficulty` to 1...5 whatever the model would rather write.
@Generable
struct RecipeCard: Equatable {
    @Guide(description: "The dish's name")
    let title: String

    @Guide(description: "Difficulty from 1 to 5", .range(1...5))
    let difficulty: Int

    @Guide(description: "Ingredients needed")
    let ingredients: [String]

    @Guide(description: "Cooking steps, one sentence each")
    let steps: [String]
}

enum RecipeWorkflow {
    @Sendable static func run() async throws {
        let session = LanguageModelSession(instructions: "Create a home-style recipe that fits the user's request.")
        let card = try await session.respond(
            to: "I have tofu and kimchi in the fridge. Suggest a simple one-bowl dish.",
            generating: RecipeCard.self,
            // Sampled with a fixed seed: greedy decoding of the 135M model tends to repeat
            // list items until the budget runs out.
            options: GenerationOptions(sampling: .random(top: 40, seed: 7), temperature: 0.6, maximumResponseTokens: 600)
        ).content
        show("title:", card.title)
        show("difficulty:", card.difficulty, "of 5")
        show("ingredients:", card.ingredients.joined(separator: ", "))
        for (number, step) in card.steps.enumerated() { show("\(number + 1).", step, indent: 2) }
        try require((1...5).contains(card.difficulty), "difficulty \(card.difficulty) is outside the guide's 1...5")
    }
}
