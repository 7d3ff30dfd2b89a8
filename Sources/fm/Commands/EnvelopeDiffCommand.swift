import ArgumentParsing
import IntentEnvelope
import JSONSchemaValidation

/// `fm envelope diff`: what projection dropped from or added to `content`.
struct EnvelopeDiffCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "diff",
            abstract: "Show the JSON diff between an envelope's content and parameters.",
            discussion: """
                One line per difference, by JSON Pointer:
                  - <path>: <value>            only in content (e.g. the model's rationale)
                  + <path>: <value>            only in parameters (the model did not write it)
                  ~ <path>: <content> -> <parameters>
                Prints 'no differences' when they are equal, or says which side is null.
                Exit status 65 for a malformed envelope, 66 for an unreadable file.
                """)
    }

    @Argument(help: "The envelope.", valueName: "file")
    var path: String

    func run() async throws {
        let envelope = try EnvelopeFile.load(path, json: false)
        guard let content = envelope.content else {
            Terminal.write("content is null (source \(envelope.source.rawValue)); nothing to compare\n")
            return
        }
        guard let parameters = envelope.parameters else {
            Terminal.write("parameters is null (complete: \(envelope.complete)); nothing to compare\n")
            return
        }
        let diff = JSONDiff(.object(content), .object(parameters))
        Terminal.write((diff.isEmpty ? "no differences" : diff.description) + "\n")
    }
}
