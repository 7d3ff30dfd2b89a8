import ArgumentParsing
import Foundation
import IntentEnvelope
import JSONCore

/// `fm envelope check`: may this envelope be performed?
struct EnvelopeCheckCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "check",
            abstract: "Check a seed-004 envelope against its schema and the execution rules.",
            discussion: """
                Prints 'may perform: <intent>', 'refused: <rule>: <reason>', or one
                'malformed: <path>: <reason>' line per schema violation. Exit status 0 when it may be
                performed, 1 when it is well-formed but refused, 65 when malformed, 66 when unreadable.
                """)
    }

    @Option(help: "The intent's current schema version; other versions are refused.", valueName: "n")
    var schemaVersion: Int?
    @Flag(help: "Print one JSON object: {\"verdict\": \"may perform\" | \"refused\" | \"malformed\", ...}.")
    var json = false
    @Argument(help: "The envelope.", valueName: "file")
    var path: String

    func run() async throws {
        let envelope = try EnvelopeFile.load(path, json: json)
        if let refusal = EnvelopeRules.refusal(for: envelope, currentSchemaVersion: schemaVersion) {
            if json {
                JSONOutput.write(["verdict": "refused", "rule": .string(refusal.ruleName), "refusal": .string(refusal.description)])
            } else {
                Terminal.write("refused: \(refusal)\n")
            }
            throw ExitCode.failure
        }
        if json {
            JSONOutput.write(["verdict": "may perform", "intent": .string(envelope.intent)])
        } else {
            Terminal.write("may perform: \(envelope.intent)\n")
        }
    }
}

/// Loading an envelope file for the `envelope` commands.
enum EnvelopeFile {
    /// The envelope in `path`; a malformed one has its violations printed (one line each, or
    /// one JSON object) and ends the command with status 65.
    ///
    /// - throws: `CommandError` (66 unreadable, 65 not JSON) or `ExitCode.dataError` after
    ///   printing the violations.
    static func load(_ path: String, json: Bool) throws -> Envelope {
        let value = try FileInput.json(path)
        do {
            return try Envelope(json: value)
        } catch {
            switch error {
            case .malformed(let errors):
                if json {
                    JSONOutput.write(["verdict": "malformed", "errors": JSONOutput.strings(errors.map(\.description))])
                } else {
                    for error in errors { Terminal.write("malformed: \(error)\n") }
                }
                throw ExitCode.dataError
            case .notJSON, .schemaUnavailable, .checksumMismatch:
                throw CommandError("\(path): \(error)", status: .dataError)
            }
        }
    }
}
