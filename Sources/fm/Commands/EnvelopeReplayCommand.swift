import ArgumentParsing
import IntentEnvelope
import JSONCore

/// `fm envelope replay`: which journaled envelopes would run now, and why not.
struct EnvelopeReplayCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "replay",
            abstract: "Run every envelope of a journal through the gate again.",
            discussion: """
                One line per record: 'line <n>: may perform: <intent>', 'line <n>: refused: <rule>: <reason>'
                or 'line <n>: malformed: <reason>'; a torn last line (an append cut by a crash) is reported
                and skipped; then a summary. Exit status 0 when every record may run, 1 when some are
                refused, 65 when some are malformed, 66 when the journal cannot be read.
                """)
    }

    @Option(help: "The intent's current schema version; other versions are refused.", valueName: "n")
    var schemaVersion: Int?
    @Flag(help: "Print one JSON object per record, then one with the summary.")
    var json = false
    @Argument(help: "The journal.", valueName: "journal")
    var path: String

    func run() async throws {
        let contents: JournalContents
        do {
            contents = try EnvelopeJournal(path: path).read()
        } catch {
            throw CommandError("cannot read journal \(path): \(error)", status: .noInput)
        }
        var runnable = 0, refused = 0, malformed = 0
        for record in contents.records {
            let line = JSONOutput.number(record.line)
            switch record.envelope {
            case .failure(let error):
                malformed += 1
                if json { JSONOutput.write(["line": line, "verdict": "malformed", "error": .string("\(error)")]) }
                else { Terminal.write("line \(record.line): malformed: \(error)\n") }
            case .success(let envelope):
                if let refusal = EnvelopeRules.refusal(for: envelope, currentSchemaVersion: schemaVersion) {
                    refused += 1
                    if json {
                        JSONOutput.write(["line": line, "verdict": "refused", "rule": .string(refusal.ruleName),
                                          "refusal": .string(refusal.description)])
                    } else {
                        Terminal.write("line \(record.line): refused: \(refusal)\n")
                    }
                } else {
                    runnable += 1
                    if json { JSONOutput.write(["line": line, "verdict": "may perform", "intent": .string(envelope.intent)]) }
                    else { Terminal.write("line \(record.line): may perform: \(envelope.intent)\n") }
                }
            }
        }
        if let torn = contents.tornTail {
            if json {
                JSONOutput.write(["torn_tail_offset": JSONOutput.number(torn.offset), "torn_tail_bytes": JSONOutput.number(torn.byteCount)])
            } else {
                Terminal.write("torn last line at byte \(torn.offset) (\(torn.byteCount) bytes): not a record\n")
            }
        }
        if json {
            JSONOutput.write(["records": JSONOutput.number(contents.records.count), "may_perform": JSONOutput.number(runnable),
                              "refused": JSONOutput.number(refused), "malformed": JSONOutput.number(malformed)])
        } else {
            Terminal.write("\(contents.records.count) records: \(runnable) may perform, \(refused) refused, \(malformed) malformed\n")
        }
        if malformed > 0 { throw ExitCode.dataError }
        if refused > 0 { throw ExitCode.failure }
    }
}
