import Foundation
import FoundationModels

/// Seed 001's answer: codes only from the list. The grammar holds every code to the list's
/// shape and the count to 1...9; whether a code is on the list is the app's check, since a
/// model can write a well-shaped code that does not exist.
@Generable
struct Recommendation {
    @Guide(description: "Codes of the chosen items, copied exactly from the brackets in the list",
           .count(1...9), .element(.pattern(/^[A-Z][0-9]{8}$/)))
    let itemCodes: [String]
}

/// Seed 001's pipeline: a Korean request, translated to English in one session (English is
/// what the recommendation model reads best, and what the context budget is planned in),
/// codes chosen in a second session from an item list trimmed to the token budget, invented
/// codes dropped and counted, and the result shown in Korean from the catalog.
enum RecommendationPipelineWorkflow {
    static let request = "20대 여성에게 어울리는 여름 패션 아이템 추천해 주세요"

    /// The seed plans against Apple's 4,096-token window; this run plans against 1,024 tokens
    /// (`contextSize:` is beyond Apple's API) so that the 80-line catalog overflows it while the
    /// run stays short. The arithmetic is the seed's: instructions + schema + prompt + room for
    /// the answer, each counted with `tokenCount(for:)`, against `contextSize`.
    static let contextSize = 1024
    /// Tokens kept free for the answer: its limit plus room for the assistant turn's opening.
    static let responseReserve = 144
    /// Enough for nine codes even where each digit is a token (SmolLM2), so the grammar, not
    /// the limit, ends the answer.
    static let maximumResponseTokens = 128

    static let instructions = Instructions("""
        You are a recommendation AI.
        Choose between 1 and 9 items from the list that best match the request.
        Choose fewer items for specific requests, more for broad ones.
        Use ONLY the exact item codes shown in brackets. Do NOT invent codes.
        """)

    static let translationInstructions = Instructions(
        "Translate the Korean text into English. Output only the English translation, no preamble or explanation.")

    @Sendable static func run() async throws {
        let model = try pipelineModel()
        show("request (ko):", request)

        // Step 1: translation, behind the language gate, with the seed's fallback.
        let (english, route) = await translate(request, on: model)
        show("english (\(route)):", english)

        // Step 2: the item list, most relevant first, trimmed token-exactly to the budget.
        let ranked = rankedByRelevance(Catalog.items, to: english)
        let plan = try await budgetPlan(for: ranked.map(\.line), request: english, on: model)
        let shown = Array(ranked.prefix(plan.lineCount))
        show("context: \(plan.lineCount) of \(ranked.count) item lines fit; prompt \(plan.promptTokens) tokens planned"
             + " (instructions \(plan.instructionTokens), schema \(plan.schemaTokens), data and request \(plan.dataTokens))"
             + " + \(responseReserve) reserved of \(model.contextSize)")
        if let overflow = plan.nextLineTokens {
            show("one more line would make the prompt \(overflow) tokens, past the \(model.contextSize - responseReserve) the budget allows")
        }
        try require(plan.lineCount < ranked.count, "the catalog was meant to overflow the window; nothing was trimmed")

        // Step 3: the recommendation, a fresh session per request (the seed's rule).
        let session = LanguageModelSession(model: model, instructions: instructions)
        let response: LanguageModelSession.Response<Recommendation>
        do {
            response = try await session.respond(
                to: prompt(lines: shown.map(\.line), request: english), generating: Recommendation.self,
                options: GenerationOptions(sampling: .greedy, maximumResponseTokens: maximumResponseTokens))
        } catch LanguageModelSession.GenerationError.unsupportedLanguageOrLocale(let context) {
            // Only when every translation route failed and the original went through.
            show("degraded: no recommendations:", context.debugDescription)
            show("표시: 지금은 추천을 불러올 수 없어요.")
            return
        }
        let evaluated = response.usage.input.totalTokenCount
        show("evaluated \(evaluated) prompt tokens (planned \(plan.promptTokens); the rest is BOS and the assistant turn's opening)")
        try require(evaluated + maximumResponseTokens <= model.contextSize,
                    "the prompt (\(evaluated)) and the answer's limit (\(maximumResponseTokens)) exceed the context (\(model.contextSize))")

        let codes = response.content.itemCodes
        show("codes written:", codes.joined(separator: ", "))
        try require((1...9).contains(codes.count), "\(codes.count) codes, outside the guide's 1...9")
        for code in codes {
            try require(code.wholeMatch(of: /[A-Z][0-9]{8}/) != nil, "code '\(code)' breaks the guide's pattern")
        }

        // Hallucination defence: only codes that were on the list the model saw.
        let shownCodes = Set(shown.map(\.code))
        let invented = codes.filter { !shownCodes.contains($0) }
        if !invented.isEmpty { show("invented codes dropped: \(invented.count) (\(invented.joined(separator: ", ")))") }
        var seen = Set<String>()
        let chosen = codes.filter { shownCodes.contains($0) && seen.insert($0).inserted }.prefix(9).compactMap { Catalog.byCode[$0] }
        try require(chosen.allSatisfy { shownCodes.contains($0.code) } && chosen.count <= 9, "a dropped code reached the display")

        // Step 4: the display, in Korean, from the catalog (never from the model's text).
        if chosen.isEmpty {
            show("표시: 조건에 맞는 상품을 찾지 못했어요.")
        } else {
            show("표시: 추천 상품 \(chosen.count)개" + (invented.isEmpty ? "" : " (목록에 없는 코드 \(invented.count)개 제외)"))
            for item in chosen { show("- \(item.korean) [\(item.code)]", indent: 2) }
        }
    }

    // MARK: Step 1

    /// English for `text`: the model's translation when the gate lets Korean through and the
    /// answer is English; else the app's glossary; else, as the seed does, the text itself.
    static func translate(_ text: String, on model: SystemLanguageModel) async -> (english: String, route: String) {
        let why: String
        if let refusal = AssistantGate(model: model).refusal(for: AssistantGate.korean) {
            why = "model translation skipped: \(refusal)"
        } else {
            do {
                // Seed 001 puts the order and the text in one prompt; a 0.5B model then echoes the
                // Korean, so the order goes in the instructions and the prompt is only the data
                // (seed 000's rule). "No preamble" is the seed's: without it the model prefixes
                // "Here's the English translation:", which would reach the next session.
                let session = LanguageModelSession(model: model, instructions: translationInstructions)
                let answer = try await session.respond(
                    to: text,
                    options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 48)
                ).content
                let cleaned = withoutPreamble(answer)
                if !cleaned.isEmpty, !containsHangul(cleaned) { return (cleaned, "translated by the model") }
                why = "the model's translation was not English: '\(answer)'"
            } catch {
                why = "translation failed: \(error)"
            }
        }
        show("fallback:", why)
        let glossed = Glossary.english(for: text)
        if !glossed.isEmpty { return (glossed, "the app's glossary") }
        return (text, "the original, untranslated")
    }

    /// The answer without the meta talk the seed warns about ("Here's the English translation:")
    /// or wrapping quotes; its first line only.
    static func withoutPreamble(_ answer: String) -> String {
        var text = answer.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.lowercased().hasPrefix("here"), let colon = text.firstIndex(of: ":") {
            text = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        text = String(text.split(separator: "\n").first ?? "")
        return text.trimmingCharacters(in: CharacterSet(charactersIn: "\"'“”` ").union(.whitespaces))
    }

    // MARK: Step 2

    /// Seed 001's pre-filtering: lines sharing more words with the request come first (a
    /// stable order otherwise), so trimming drops the least relevant.
    static func rankedByRelevance(_ items: [CatalogItem], to request: String) -> [CatalogItem] {
        let words = Set(request.lowercased().split { !$0.isLetter }.map(String.init).filter { $0.count > 2 })
        func score(_ item: CatalogItem) -> Int {
            item.english.lowercased().split { !$0.isLetter }.filter { words.contains(String($0)) }.count
        }
        return items.enumerated().sorted { lhs, rhs in
            let (left, right) = (score(lhs.element), score(rhs.element))
            return left != right ? left > right : lhs.offset < rhs.offset
        }.map(\.element)
    }

    static func prompt(lines: [String], request: String) -> String {
        "Items:\n\(lines.joined(separator: "\n"))\n\nRequest: \(request)"
    }

    /// How many lines fit, found by counting real prompts (the seed's 4-characters-a-token guess
    /// is wrong for codes and numbers).
    struct BudgetPlan {
        var lineCount: Int
        var instructionTokens: Int
        var schemaTokens: Int
        var dataTokens: Int
        /// The prompt's tokens with one more line, when there was one more.
        var nextLineTokens: Int?
        var promptTokens: Int { instructionTokens + schemaTokens + dataTokens }
    }

    static func budgetPlan(for lines: [String], request: String, on model: SystemLanguageModel) async throws -> BudgetPlan {
        let instructionTokens = try await model.tokenCount(for: instructions)
        let schemaTokens = try await model.tokenCount(for: Recommendation.generationSchema)
        let limit = model.contextSize - responseReserve - instructionTokens - schemaTokens
        func tokens(_ count: Int) async throws -> Int {
            try await model.tokenCount(for: prompt(lines: Array(lines.prefix(count)), request: request))
        }
        let empty = try await tokens(0)
        try require(empty <= limit, "the request alone (\(empty) tokens) leaves no room for data")
        // Binary search for the longest prefix that fits: fits(low), and !fits(high) when high < count.
        var low = 0, high = lines.count + 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if try await tokens(middle) <= limit { low = middle } else { high = middle }
        }
        let next = low < lines.count ? try await tokens(low + 1) + instructionTokens + schemaTokens : nil
        return BudgetPlan(lineCount: low, instructionTokens: instructionTokens, schemaTokens: schemaTokens,
                          dataTokens: try await tokens(low), nextLineTokens: next)
    }

    /// The default model's file (or `FM_MODEL`'s) with the pipeline's window.
    static func pipelineModel() throws -> SystemLanguageModel {
        let value = ProcessInfo.processInfo.environment["FM_MODEL"] ?? ""
        if value.contains("/") || value.hasSuffix(".gguf") {
            return SystemLanguageModel(contentsOf: URL(fileURLWithPath: (value as NSString).expandingTildeInPath), contextSize: contextSize)
        }
        return try SystemLanguageModel(name: value.isEmpty ? "smollm2" : value, contextSize: contextSize)
    }
}

/// The app's own Korean → English words for its catalog: the translation of last resort, good
/// enough to rank and choose items when no model can translate.
enum Glossary {
    static let words: [(korean: String, english: String)] = [
        ("20대", "in their twenties"), ("여성", "women's"), ("남성", "men's"), ("여름", "summer"), ("겨울", "winter"),
        ("봄", "spring"), ("가을", "autumn"), ("패션", "fashion"), ("가방", "bag"), ("신발", "shoes"), ("모자", "hat"),
        ("원피스", "dress"), ("바지", "trousers"), ("추천", "recommend"),
    ]

    /// The English of every glossary word in `text`, in the text's order.
    static func english(for text: String) -> String {
        words.compactMap { entry in text.range(of: entry.korean).map { ($0.lowerBound, entry.english) } }
            .sorted { $0.0 < $1.0 }.map(\.1).joined(separator: " ")
    }
}
