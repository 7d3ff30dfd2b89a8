import IntentEnvelope
import JSONSchemaValidation

/// `fm envelope diff`: what projection dropped from or added to `content`.
struct EnvelopeDiffCommand: Command {
    static let name = "envelope diff"
    static let abstract = "Show the JSON diff between an envelope's content and parameters"
    static let usage = """
        USAGE: fm envelope diff FILE.json

        One line per difference, by JSON Pointer:
          - <path>: <value>            only in content (e.g. the model's rationale)
          + <path>: <value>            only in parameters (the model did not write it)
          ~ <path>: <content> -> <parameters>
        Prints `no differences` when they are equal, or says which side is null.

        EXIT STATUS: 0 printed, 1 malformed envelope, 2 unreadable.
        """

    let path: String

    init(arguments: inout ArgumentList) throws {
        let positionals = try arguments.positionals()
        guard positionals.count == 1 else { throw UsageError("expected one FILE.json") }
        path = positionals[0]
    }

    func run() async throws -> Int32 {
        switch EnvelopeFile.load(path) {
        case .unreadable(let message):
            print("unreadable: \(message)")
            return 2
        case .malformed(let lines):
            for line in lines { print("malformed: \(line)") }
            return 1
        case .envelope(let envelope):
            guard let content = envelope.content else {
                print("content is null (source \(envelope.source.rawValue)); nothing to compare")
                return 0
            }
            guard let parameters = envelope.parameters else {
                print("parameters is null (complete: \(envelope.complete)); nothing to compare")
                return 0
            }
            let diff = JSONDiff(.object(content), .object(parameters))
            print(diff.isEmpty ? "no differences" : diff.description)
            return 0
        }
    }
}
