import Foundation
import FoundationModels

/// One seed workflow: a name to run it by, a line saying what it shows, and the code.
struct Workflow: Sendable {
    let name: String
    let summary: String
    /// Whether the workflow needs the default model to be available; the availability gate
    /// itself does not (it is the one that explains why the others degrade).
    let needsModel: Bool
    let run: @Sendable () async throws -> Void

    /// Every workflow, in the order a bare `SeedApp` runs them.
    static let all: [Workflow] = [
        Workflow(name: "recipe", summary: "seed 000: a RecipeCard decoded under its guides (difficulty 1...5)",
                 needsModel: true, run: RecipeWorkflow.run),
        Workflow(name: "summary", summary: "seed 000: a streamed summary, each snapshot the whole text so far",
                 needsModel: true, run: StreamingSummaryWorkflow.run),
        Workflow(name: "weather", summary: "seed 000: a currentWeather tool with @Generable arguments, asked about two cities",
                 needsModel: true, run: WeatherWorkflow.run),
        Workflow(name: "noticeboard", summary: "seed 002: a Korean school notice into nested items (category from a set, date by pattern), behind the language gate",
                 needsModel: true, run: NoticeboardWorkflow.run),
        Workflow(name: "pipeline", summary: "seed 001: Korean request -> English -> codes from a trimmed item list -> Korean display",
                 needsModel: true, run: RecommendationPipelineWorkflow.run),
        Workflow(name: "availability", summary: "seeds 000/002: availability and supportsLocale checked, the reason said, the feature degraded",
                 needsModel: false, run: AvailabilityWorkflow.run),
        Workflow(name: "order", summary: "seed 004: an OrderDraft streamed into PlaceOrderIntent envelopes, gated, projected, journaled",
                 needsModel: true, run: OrderEnvelopeWorkflow.run),
    ]
}

/// A result that breaks what the grammar or the workflow guarantees: the app exits non-zero.
/// Never thrown for what a small model happens to write within those guarantees.
struct GuaranteeBroken: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Throws ``GuaranteeBroken`` with `message` unless `condition` holds.
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    guard condition else { throw GuaranteeBroken(message()) }
}

/// An indented detail line under a workflow's heading, flushed at once so that a pipe or a CI
/// log shows where a slow step is.
func show(_ items: Any..., indent: Int = 1) {
    print(String(repeating: "  ", count: indent) + items.map { "\($0)" }.joined(separator: " "))
    fflush(nil)
}

/// Whether the text contains Hangul, the script the English-only steps must not receive.
func containsHangul(_ text: String) -> Bool {
    text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) || (0x1100...0x11FF).contains($0.value) || (0x3130...0x318F).contains($0.value) }
}
