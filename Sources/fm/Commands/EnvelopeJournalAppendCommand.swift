import ArgumentParsing
import Foundation
import IntentEnvelope
import JSONCore

/// `fm envelope journal-append`: appends numbered test envelopes to a journal, printing
/// `ack <n>` after each fsync. The crash test SIGKILLs it mid-write and checks that every
/// acknowledged record is read back.
struct EnvelopeJournalAppendCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "journal-append",
            abstract: "(testing) Append numbered envelopes to a journal, acknowledging each.",
            discussion: """
                Appends envelopes with sessionId 'crash-<n>' for n in start..<start+count, each with a
                content field 'padding' of BYTES characters, printing 'ack <n>' once each is fsynced.
                With --chunk, each record is written in pieces of BYTES with N microseconds between
                them, so that a kill lands mid-record.
                """)
    }

    @Option(help: "The first envelope's number.", valueName: "n")
    var start = 0
    @Option(help: "How many envelopes to append.", valueName: "n")
    var count = 100
    @Option(help: "Characters of padding in each envelope's content.", valueName: "bytes")
    var padding = 4096
    @Option(help: "Write each record in pieces of this many bytes.", valueName: "bytes")
    var chunk: Int?
    @Option(name: "pause-us", help: "Microseconds between pieces.", valueName: "n")
    var pause: UInt32 = 0
    @Argument(help: "The journal file.", valueName: "journal")
    var path: String

    func validate() throws {
        if let chunk, chunk < 1 { throw UsageError("--chunk must be at least 1") }
        guard count >= 0, start >= 0, (0...(64 << 20)).contains(padding) else {
            throw UsageError("--start and --count must be >= 0 and --padding in 0...\(64 << 20)")
        }
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

    func run() async throws {
        var journal = EnvelopeJournal(path: path)
        journal.writeChunkSize = chunk
        journal.pauseBetweenChunks = pause
        for n in start..<(start + count) {
            do {
                try journal.append(Self.envelope(n, padding: padding))
            } catch {
                throw CommandError("cannot append to \(path): \(error)", status: .cannotCreate)
            }
            Terminal.write("ack \(n)\n")
        }
    }
}
