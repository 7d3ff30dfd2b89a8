import FoundationModels
import Foundation

/// `fm guardrail`: runs the default guardrail policy on text, as a session would on its input.
struct GuardrailCommand: Command {
    static let name = "guardrail"
    static let abstract = "Check text against the default guardrail policy."
    static let usage = """
        USAGE: fm guardrail [--output] [--permissive] [--guided] [--lines] [--rules-only] [TEXT ...]

        Prints "allow" or "block <category>: <explanation>" for each TEXT (or for standard
        input), and exits 1 if a session would throw guardrailViolation.

        OPTIONS:
          --output       Judge the text as a model response instead of as input.
          --permissive   Use .permissiveContentTransformations instead of .default.
          --guided       The request generates a Generable type (permissive mode then enforces).
          --lines        Judge each line of standard input as its own text (batch evaluation).
          --rules-only   Use only the default policy's phrase rules, not its classifier.
        """

    var direction: GuardrailDirection
    var mode: GuardrailEnforcement.Mode
    var responseKind: GuardrailEnforcement.ResponseKind
    var texts: [String]
    var eachLine: Bool
    var rulesOnly: Bool

    init(arguments: inout ArgumentList) throws {
        direction = arguments.flag("--output") ? .output : .input
        mode = arguments.flag("--permissive") ? .permissiveContentTransformations : .default
        responseKind = arguments.flag("--guided") ? .guided : .text
        eachLine = arguments.flag("--lines")
        rulesOnly = arguments.flag("--rules-only")
        texts = try arguments.positionals()
    }

    func run() async throws -> Int32 {
        var inputs = texts
        if inputs.isEmpty {
            let standardInput = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            inputs = eachLine ? standardInput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) : [standardInput]
            if eachLine, inputs.last == "" { inputs.removeLast() }
        }
        let policy = DefaultGuardrailPolicy(rulesOnly: rulesOnly)
        for text in inputs {
            switch policy.evaluate(text, direction: direction) {
            case .allow: print("allow")
            case .block(let category, let explanation): print("block \(category): \(explanation)")
            }
        }
        let enforcement = GuardrailEnforcement(mode: mode, policy: policy)
        guard let violation = enforcement.violation(in: inputs, direction: direction, responseKind: responseKind) else {
            return 0
        }
        print("session would throw: \(violation.debugDescription)")
        return 1
    }
}
