import Foundation
import IntentEnvelope
import JSONSchemaValidation

/// `fm envelope journal-append`: appends numbered test envelopes to a journal, printing
/// `ack <n>` after each fsync. The crash test SIGKILLs it mid-write and checks that every
/// acknowledged record is read back.
struct EnvelopeJournalAppendCommand: Command {
    static let name = "envelope journal-append"
    static let abstract = "(testing) Append numbered envelopes to a journal, acknowledging each"
    static let usage = """
        USAGE: fm envelope journal-append JOURNAL.jsonl [--start N] [--count N] [--padding BYTES]
                                          [--chunk BYTES --pause-us N]

        Appends envelopes with sessionId `crash-<n>` for n in start..<start+count, each with a
        content field `padding` of BYTES characters, printing `ack <n>` once each is fsynced.
        With --chunk, each record is written in pieces of BYTES with N microseconds between
        them, so that a kill lands mid-record.
        """

    let path: String
    let start: Int
    let count: Int
    let padding: Int
    let chunk: Int?
    let pause: UInt32

    init(arguments: inout ArgumentList) throws {
        start = try arguments.option("--start", as: Int.self) ?? 0
        count = try arguments.option("--count", as: Int.self) ?? 100
        padding = try arguments.option("--padding", as: Int.self) ?? 4096
        chunk = try arguments.option("--chunk", as: Int.self)
        pause = try arguments.option("--pause-us", as: UInt32.self) ?? 0
        if let chunk, chunk < 1 { throw UsageError("--chunk must be at least 1") }
        let positionals = try arguments.positionals()
        guard positionals.count == 1 else { throw UsageError("expected one JOURNAL.jsonl") }
        guard count >= 0, start >= 0, (0...(64 << 20)).contains(padding) else {
            throw UsageError("--start and --count must be >= 0 and --padding in 0...\(64 << 20)")
        }
        path = positionals[0]
    }

    /// The envelope numbered `n`, as the crash test also builds it to compare.
    static func envelope(_ n: Int, padding: Int) -> Envelope {
        let content: JSONObject = [
            "itemId": .string("sku_\(n)"), "quantity": .number(JSONNumber(n % 7 + 1)),
            "padding": .string(String(repeating: Character(Unicode.Scalar(UInt8(97 + n % 26))), count: padding)),
        ]
        return Envelope(source: .foundationModels, sessionId: "crash-\(n)", schemaVersion: 1, generable: "OrderDraft",
                        complete: true, content: content, intent: "PlaceOrderIntent",
                        parameters: ["itemId": .string("sku_\(n)"), "quantity": .number(JSONNumber(n % 7 + 1))])
    }

    func run() async throws -> Int32 {
        var journal = EnvelopeJournal(path: path)
        journal.writeChunkSize = chunk
        journal.pauseBetweenChunks = pause
        for n in start..<(start + count) {
            do {
                try journal.append(Self.envelope(n, padding: padding))
            } catch {
                printError("error: \(error)")
                return 1
            }
            FileHandle.standardOutput.write(Data("ack \(n)\n".utf8))
        }
        return 0
    }
}
