import IntentEnvelope
import JSONSchemaValidation

/// `fm envelope replay`: which journaled envelopes would run now, and why not.
struct EnvelopeReplayCommand: Command {
    static let name = "envelope replay"
    static let abstract = "Run every envelope of a journal through the gate again"
    static let usage = """
        USAGE: fm envelope replay JOURNAL.jsonl [--schema-version N]

        One line per record: `line <n>: may perform: <intent>`, `line <n>: refused: <rule>: <reason>`
        or `line <n>: malformed: <reason>`; a torn last line (an append cut by a crash) is
        reported and skipped; then a summary.

        OPTIONS:
          --schema-version N   The intent's current schema version; other versions are refused.

        EXIT STATUS: 0 every record may run, 3 some refused, 1 some malformed, 2 unreadable.
        """

    let path: String
    let schemaVersion: Int?

    init(arguments: inout ArgumentList) throws {
        schemaVersion = try arguments.option("--schema-version", as: Int.self)
        let positionals = try arguments.positionals()
        guard positionals.count == 1 else { throw UsageError("expected one JOURNAL.jsonl") }
        path = positionals[0]
    }

    func run() async throws -> Int32 {
        let contents: JournalContents
        do {
            contents = try EnvelopeJournal(path: path).read()
        } catch {
            print("unreadable: \(error)")
            return 2
        }
        var runnable = 0, refused = 0, malformed = 0
        for record in contents.records {
            switch record.envelope {
            case .failure(let error):
                malformed += 1
                print("line \(record.line): malformed: \(error)")
            case .success(let envelope):
                if let refusal = EnvelopeRules.refusal(for: envelope, currentSchemaVersion: schemaVersion) {
                    refused += 1
                    print("line \(record.line): refused: \(refusal)")
                } else {
                    runnable += 1
                    print("line \(record.line): may perform: \(envelope.intent)")
                }
            }
        }
        if let torn = contents.tornTail {
            print("torn last line at byte \(torn.offset) (\(torn.byteCount) bytes): not a record")
        }
        print("\(contents.records.count) records: \(runnable) may perform, \(refused) refused, \(malformed) malformed")
        return malformed > 0 ? 1 : (refused > 0 ? 3 : 0)
    }
}
