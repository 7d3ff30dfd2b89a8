import Foundation
import FoundationModels

// Types exactly as the seeds write them (seed 000: RecipeCard; seed 002: noticeboard).

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

@Generable
struct NoticeboardParseResult: Equatable {
    @Guide(description: "Items extracted from the notice")
    var items: [NoticeboardExtractedItem]

    @Guide(description: "Summary of the whole notice in 1-2 sentences")
    var summary: String
}

@Generable
struct NoticeboardExtractedItem: Equatable {
    @Guide(description: "Item title")
    var title: String

    @Guide(description: "Category", .anyOf(["homework", "material", "notice", "schedule"]))
    var category: String

    @Guide(description: "Due date yyyy-MM-dd, or empty when there is none")
    var dueDate: String
}

struct GuideViolation: Error, CustomStringConvertible {
    let description: String
}

func recipe() async throws {
    let session = LanguageModelSession(instructions: "Create a home-style recipe that fits the user's request.")
    let card = try await session.respond(
        to: "I have tofu and kimchi in the fridge. Suggest a simple one-bowl dish.",
        generating: RecipeCard.self,
        options: GenerationOptions(sampling: .random(top: 40, seed: 7), temperature: 0.6, maximumResponseTokens: 600)
    ).content
    print("recipe:", card.title, "| difficulty", card.difficulty, "|", card.ingredients.count, "ingredients |", card.steps.count, "steps")
    guard (1...5).contains(card.difficulty) else {
        throw GuideViolation(description: "difficulty \(card.difficulty) is outside 1...5")
    }
}

func noticeboard() async throws {
    let session = LanguageModelSession {
        "You analyse school notices. Extract items from OCR text into structured data."
    }
    let notice = """
    Class 3-2 notice. Math workbook pages 12-15 due 2026-03-14. Bring a recorder for music \
    class on Friday. Field trip to the science museum on 2026-03-20, permission slip required.
    """
    let result = try await session.respond(
        to: notice,
        generating: NoticeboardParseResult.self,
        options: GenerationOptions(sampling: .random(top: 40, seed: 7), temperature: 0.6, maximumResponseTokens: 600)
    ).content
    print("noticeboard:", result.items.count, "items | summary:", result.summary)
    let allowed: Set<String> = ["homework", "material", "notice", "schedule"]
    for item in result.items {
        print("  -", item.title, "|", item.category, "|", item.dueDate)
        guard allowed.contains(item.category) else {
            throw GuideViolation(description: "category '\(item.category)' is not one of \(allowed.sorted())")
        }
    }
}

func streamingSummary() async throws {
    let session = LanguageModelSession(instructions: "Summarize the article in 3 sentences.")
    let article = """
    The city council approved a plan on Tuesday to add 40 kilometres of protected bike lanes over \
    the next three years. Officials said the lanes will connect the university district with the \
    downtown business area. Local shop owners raised concerns about parking, and the council \
    promised a review after the first year.
    """
    var snapshots = 0
    var last = ""
    for try await partial in session.streamResponse(
        to: article, options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 120)
    ) {
        guard partial.content.hasPrefix(last) else {
            throw GuideViolation(description: "snapshot is not cumulative: '\(last)' -> '\(partial.content)'")
        }
        last = partial.content
        snapshots += 1
    }
    print("summary (\(snapshots) snapshots):", last)
    guard snapshots > 1, !last.isEmpty else { throw GuideViolation(description: "no streamed summary") }
}

do {
    guard SystemLanguageModel.default.isAvailable else {
        print("model unavailable: \(SystemLanguageModel.default.availability)")
        exit(2)
    }
    try await recipe()
    try await noticeboard()
    try await streamingSummary()
    print("seed examples: all guides honoured")
} catch {
    print("seed examples failed: \(error)")
    exit(1)
}
