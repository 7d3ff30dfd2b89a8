import Foundation
import IntentEnvelope
import JSONSchemaValidation

/// `fm envelope check`: may this envelope be performed?
struct EnvelopeCheckCommand: Command {
    static let name = "envelope check"
    static let abstract = "Check a seed-004 envelope against its schema and the execution rules"
    static let usage = """
        USAGE: fm envelope check FILE.json [--schema-version N]

        Prints `may perform: <intent>`, `refused: <rule>: <reason>`, or one
        `malformed: <path>: <reason>` line per schema violation.

        OPTIONS:
          --schema-version N   The intent's current schema version; other versions are refused.

        EXIT STATUS: 0 may be performed, 3 well-formed but must not be performed,
                     1 malformed, 2 unreadable.
        """

    let path: String
    let schemaVersion: Int?

    init(arguments: inout ArgumentList) throws {
        schemaVersion = try arguments.option("--schema-version", as: Int.self)
        let positionals = try arguments.positionals()
        guard positionals.count == 1 else { throw UsageError("expected one FILE.json") }
        path = positionals[0]
    }

    func run() async throws -> Int32 {
        let envelope: Envelope
        switch EnvelopeFile.load(path) {
        case .unreadable(let message):
            print("unreadable: \(message)")
            return 2
        case .malformed(let lines):
            for line in lines { print("malformed: \(line)") }
            return 1
        case .envelope(let value):
            envelope = value
        }
        if let refusal = EnvelopeRules.refusal(for: envelope, currentSchemaVersion: schemaVersion) {
            print("refused: \(refusal)")
            return 3
        }
        print("may perform: \(envelope.intent)")
        return 0
    }
}

/// Loading an envelope file for the `envelope` commands.
enum EnvelopeFile {
    enum Loaded {
        case envelope(Envelope)
        /// `<path>: <reason>` per schema violation.
        case malformed([String])
        case unreadable(String)
    }

    static func load(_ path: String) -> Loaded {
        switch readJSON(path) {
        case .failure(let error):
            return .unreadable(error.message)
        case .success(let json):
            return decode(json)
        }
    }

    static func decode(_ json: JSONValue) -> Loaded {
        do {
            return .envelope(try Envelope(json: json))
        } catch {
            switch error {
            case .malformed(let errors): return .malformed(errors.map(\.description))
            case .notJSON, .schemaUnavailable: return .unreadable(error.description)
            }
        }
    }
}
