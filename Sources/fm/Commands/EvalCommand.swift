import ArgumentParsing
import Foundation
import FoundationModels
import JSONCore

/// `fm eval`: runs the eval set (EvalSet.swift) on a model, greedy and guided, and scores every
/// answer exactly, so models can be compared on the seed tasks by number.
struct EvalCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "eval",
            abstract: "Score a model on the seed tasks (exact scoring, greedy, guided).",
            discussion: """
                Every task's answer is guided by a JSON Schema (so it always parses) and scored 1 or 0 by
                a fixed rule: expected fields equal, the exact set of recommendation codes (codes not on
                the given list are counted as invented), or required words in a translation. Prints one
                line per task and the mean; with --json one object per task, then a summary object with
                the mean and the response tokens per second (generation time, prefill included).
                """)
    }

    @Flag(help: "Print one JSON object per task, then {\"summary\": ...}.")
    var json = false
    @Option(help: "Run only the tasks whose id starts with this (review, notice, codes, translate, order).", valueName: "prefix")
    var only: String?
    @Option(help: "Most tokens per answer.", valueName: "n")
    var maxTokens = 64
    @OptionGroup var model: ModelOptions
    @OptionGroup var threads: ThreadOptions

    func validate() throws {
        guard maxTokens >= 1 else { throw UsageError("--max-tokens must be at least 1, got \(maxTokens)") }
        if let only, !EvalSet.items.contains(where: { $0.id.hasPrefix(only) }) {
            let prefixes = Array(Set(EvalSet.items.map { String($0.id.prefix { $0 != "-" }) })).sorted()
            let suggestion = NameSuggestion.nearest(to: only, in: prefixes).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("no eval task starts with '\(only)'\(suggestion)")
        }
    }

    func run() async throws {
        threads.exportToEngine()
        let url = try await model.urlFetchingDefault()
        let systemModel = try await SystemModel.load(url: url)
        let items = EvalSet.items.filter { only.map($0.id.hasPrefix) ?? true }
        var passed = 0, invented = 0, responseTokens = 0
        var generation = Duration.zero
        let clock = ContinuousClock()
        for item in items {
            let schema = try JSONDecoder().decode(GenerationSchema.self, from: Data(item.schema.serialized().utf8))
            let session = LanguageModelSession(model: systemModel, instructions: item.instructions)
            let start = clock.now
            var answer = JSONValue.null
            var failure: String?
            do {
                let response = try await session.respond(to: item.prompt, schema: schema,
                                                         options: GenerationOptions(sampling: .greedy, maximumResponseTokens: maxTokens))
                answer = response.content.jsonValue
                generation += clock.now - start
                responseTokens += try await systemModel.tokenCount(for: Prompt(response.content.jsonString))
            } catch {
                failure = ErrorReport.describe(error)
            }
            let score = EvalScore(answer, under: item.scoring)
            if score.passed { passed += 1 }
            invented += score.invented
            if json {
                JSONOutput.write(["id": .string(item.id), "kind": .string(item.kind), "passed": .bool(score.passed),
                                  "invented_codes": JSONOutput.number(score.invented), "answer": answer,
                                  "error": failure.map { .string($0) } ?? .null])
            } else {
                Terminal.line("\(score.passed ? "pass" : "FAIL")  \(item.id.padding(toLength: 13, withPad: " ", startingAt: 0)) \(failure ?? answer.serialized())")
            }
        }
        let seconds = Double(generation.components.seconds) + Double(generation.components.attoseconds) / 1e18
        let rate = seconds > 0 ? Double(responseTokens) / seconds : 0
        let mean = items.isEmpty ? 0 : Double(passed) / Double(items.count)
        if json {
            JSONOutput.write(["summary": [
                "model": .string(url.lastPathComponent), "tasks": JSONOutput.number(items.count), "passed": JSONOutput.number(passed),
                "mean": JSONOutput.number(mean), "invented_codes": JSONOutput.number(invented),
                "response_tokens_per_second": JSONOutput.number(rate),
            ]])
        } else {
            Terminal.line(String(format: "%@: %d/%d passed (mean %.2f), %d invented codes, %.1f response tokens/s (prefill included)",
                                 url.lastPathComponent, passed, items.count, mean, invented, rate))
        }
    }
}
