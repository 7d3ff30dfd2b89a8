import Foundation
import FoundationModels
import RuleBasedProvider

// Runs the third-party RuleBasedModel through LanguageModelSession and checks what Apple's
// documentation promises: respond, stream, generating:, tools, usage, errors, capabilities.
// Exits 1 naming every check that failed.

@Generable struct Card {
    @Guide(description: "A title") let title: String
    @Guide(description: "Difficulty", .range(1...5)) let difficulty: Int
}

struct CityTool: Tool {
    let name = "cityTime"
    let description = "The local time in a city."
    @Generable struct Arguments {
        @Guide(description: "The city") let city: String
    }
    func call(arguments: Arguments) async throws -> String { "It is noon in \(arguments.city)." }
}

var failures: [String] = []
@MainActor func check(_ condition: Bool, _ what: String) {
    print(condition ? "ok: \(what)" : "FAILED: \(what)")
    if !condition { failures.append(what) }
}

let model = RuleBasedModel()

// respond, with usage
let session = LanguageModelSession(model: model, instructions: "Shout it back.")
let response = try await session.respond(to: "hello rules")
check(response.content == "HELLO RULES", "respond returns the model's text (\(response.content))")
check(response.usage.output.totalTokenCount == 2, "usage carries the executor's output count (\(response.usage.output.totalTokenCount))")
check(session.usage.output.totalTokenCount == 2, "the session's usage adds up its responses")
check(session.transcript.count == 3, "the transcript holds instructions, prompt and response")

// stream
let stream = LanguageModelSession(model: model).streamResponse(to: "one two three")
var snapshots: [String] = []
for try await snapshot in stream { snapshots.append(snapshot.content) }
check(snapshots.count >= 3 && snapshots.last == "ONE TWO THREE", "stream snapshots grow to the answer (\(snapshots))")

// generating:
let card = try await LanguageModelSession(model: model).respond(to: "a card", generating: Card.self).content
check(card.title == "rule" && card.difficulty == 1, "generating: decodes the model's JSON (\(card))")

// tools
let toolSession = LanguageModelSession(model: model, tools: [CityTool()])
let answer = try await toolSession.respond(to: "use cityTime for Paris")
check(answer.content == "The tool said: It is noon in Paris.", "tool calls run and the model answers from the output (\(answer.content))")
check(toolSession.transcript.contains { if case .toolCalls = $0 { true } else { false } }, "the call is in the transcript")

// errors
do {
    _ = try await LanguageModelSession(model: model).respond(to: "fail")
    check(false, "the executor's error reaches the caller")
} catch let error as RuleBasedError {
    check(error.reason == "asked to fail", "the executor's error reaches the caller")
}

// capabilities
let textOnly = RuleBasedModel(capabilities: LanguageModelCapabilities([]))
do {
    _ = try await LanguageModelSession(model: textOnly).respond(to: "a card", generating: Card.self)
    check(false, "a model without guided generation is refused")
} catch LanguageModelError.unsupportedCapability(let failure) {
    check(failure.capability == .guidedGeneration, "a model without guided generation is refused with Apple's error")
}

print(failures.isEmpty ? "third-party provider: all checks passed" : "third-party provider: \(failures.count) checks failed")
exit(failures.isEmpty ? 0 : 1)
