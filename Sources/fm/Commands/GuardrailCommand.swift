import ArgumentParsing
import FoundationModels
import Foundation
import JSONCore

/// `fm guardrail`: runs the default guardrail policy on text, as a session would on its input.
struct GuardrailCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "guardrail",
            abstract: "Check text against the default guardrail policy.",
            discussion: """
                Prints "allow" or "block <category>: <explanation>" for each TEXT (or for standard input),
                and exits with status 1 if a session would throw guardrailViolation.
                """)
    }

    @Flag(help: "Judge the text as a model response instead of as input.")
    var output = false
    @Flag(help: "Use .permissiveContentTransformations instead of .default.")
    var permissive = false
    @Flag(help: "The request generates a Generable type (permissive mode then enforces).")
    var guided = false
    @Flag(help: "Judge each line of standard input as its own text (batch evaluation).")
    var lines = false
    @Flag(help: "Use only the default policy's phrase rules, not its classifier.")
    var rulesOnly = false
    @Flag(help: "Print one JSON object per text, then one with what a session would do.")
    var json = false
    @Argument(help: "The texts to judge.", valueName: "text")
    var texts: [String] = []

    func run() async throws {
        var inputs = texts
        if inputs.isEmpty {
            let standardInput = try InputText.read([], name: "<text>", trimsTrailingNewlines: !lines)
            inputs = lines ? standardInput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) : [standardInput]
            if lines, inputs.last == "" { inputs.removeLast() }
        }
        let direction: GuardrailDirection = output ? .output : .input
        let policy = DefaultGuardrailPolicy(rulesOnly: rulesOnly)
        for text in inputs {
            switch policy.evaluate(text, direction: direction) {
            case .allow:
                if json { JSONOutput.write(["verdict": "allow"]) } else { Terminal.write("allow\n") }
            case .block(let category, let explanation):
                if json {
                    JSONOutput.write(["verdict": "block", "category": .string("\(category)"), "explanation": .string(explanation)])
                } else {
                    Terminal.write("block \(category): \(explanation)\n")
                }
            }
        }
        let enforcement = GuardrailEnforcement(mode: permissive ? .permissiveContentTransformations : .default, policy: policy)
        let violation = enforcement.violation(in: inputs, direction: direction, responseKind: guided ? .guided : .text)
        if json {
            JSONOutput.write(["session_throws": .bool(violation != nil), "violation": violation.map { .string($0.debugDescription) } ?? .null])
        } else if let violation {
            Terminal.write("session would throw: \(violation.debugDescription)\n")
        }
        if violation != nil { throw ExitCode.failure }
    }
}
