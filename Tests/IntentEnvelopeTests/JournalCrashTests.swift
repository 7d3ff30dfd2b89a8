import Foundation
import Testing
import IntentEnvelope
import JSONSchemaValidation

/// A child process (`fm envelope journal-append`) appends to a journal and is SIGKILLed at a
/// random moment, many times, a third of the time while writing a record in pieces. After
/// every kill the journal opens, every record it acknowledged so far is present and intact, and
/// nothing it did not write appears.
///
/// `FM_JOURNAL_KILLS` sets the number of kills (default 40; RELIABILITY.md reports a run of 200).
@Suite("Journal crash") struct JournalCrashTests {
    static let rounds = ProcessInfo.processInfo.environment["FM_JOURNAL_KILLS"].flatMap { Int($0) } ?? 40
    static let padding = 16_384
    /// Every this many kills, and after the last, the whole journal is read back through
    /// `EnvelopeJournal.read()` and each record decoded; in between, the bytes already checked are
    /// compared unchanged and only the new ones decoded, so the test stays linear in the file.
    static let fullReadInterval = 10

    /// The envelope `fm envelope journal-append` writes as number `n` (kept in step with
    /// `EnvelopeJournalAppendCommand.envelope`).
    static func expected(_ n: Int) -> Envelope {
        let quantity = JSONValue.number(JSONNumber(n % 7 + 1))
        return Envelope(source: .foundationModels, sessionId: "crash-\(n)", schemaVersion: 1, generable: "OrderDraft",
                        complete: true,
                        content: ["itemId": .string("sku_\(n)"), "quantity": quantity,
                                  "padding": .string(String(repeating: Character(Unicode.Scalar(UInt8(97 + n % 26))), count: padding))],
                        intent: "PlaceOrderIntent", parameters: ["itemId": .string("sku_\(n)"), "quantity": quantity])
    }

    /// The record number an envelope of this test carries.
    static func number(_ record: JournalRecord, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let envelope = try record.envelope.get()
        let n = try #require(envelope.sessionId.flatMap { Int($0.dropFirst("crash-".count)) }, sourceLocation: sourceLocation)
        #expect(envelope == expected(n), "record \(n) differs from what was written", sourceLocation: sourceLocation)
        return n
    }

    @Test func acknowledgedRecordsSurviveSIGKILL() throws {
        let binary = try #require(FMExecutable.url, "the fm executable was not built")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("crash-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var generator = SystemRandomNumberGenerator()
        var acknowledged: Set<Int> = []
        var present: [Int] = []           // record numbers in file order, as checked so far
        var checkedBytes: [UInt8] = []    // the journal up to its last complete line, as checked
        var tornTails = 0, recordsChecked = 0
        for round in 0..<Self.rounds {
            let start = round * 10_000
            let process = Process()
            process.executableURL = binary
            // Rounds 0, 3, 6, ... write each record in 1 KiB pieces with pauses, so the kill lands
            // mid-record; the others write whole records as the product does.
            let chunked = round % 3 == 0 ? ["--chunk", "1024", "--pause-us", "300"] : []
            process.arguments = ["envelope", "journal-append", path, "--start", "\(start)", "--count", "10000", "--padding", "\(Self.padding)"] + chunked
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Odd rounds kill at a random moment after start (possibly before the first
            // append); even rounds wait for the first acknowledgement, then kill a little later.
            var early = Data()
            if round % 2 == 0 { early = out.fileHandleForReading.availableData }
            usleep(UInt32.random(in: round % 2 == 0 ? 0...50_000 : 1_000...150_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal)
            let acks = String(decoding: early + out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            var acknowledgedNow: [Int] = []
            for line in acks.split(separator: "\n") where line.hasPrefix("ack ") {
                if let n = Int(line.dropFirst(4)) { acknowledgedNow.append(n) }
            }
            acknowledged.formUnion(acknowledgedNow)

            // The file opens; what was checked before is unchanged (the next append only cuts a
            // torn tail, never a committed line).
            let bytes = FileManager.default.contents(atPath: path).map(Array.init) ?? []
            #expect(bytes.starts(with: checkedBytes), "round \(round): committed bytes changed")
            let fresh = JournalContents(bytes: Array(bytes.dropFirst(checkedBytes.count)))
            if fresh.tornTail != nil { tornTails += 1 }
            var added: [Int] = []
            for record in fresh.records { added.append(try Self.number(record)) }
            recordsChecked += added.count
            // This round wrote its acknowledged prefix plus at most the one record that was
            // synced but not yet acknowledged when the kill landed.
            #expect(added == Array(start..<(start + added.count)), "round \(round): records out of order \(added)")
            #expect(Set(acknowledgedNow).isSubset(of: added), "round \(round): acknowledged records lost")
            #expect(added.count - acknowledgedNow.count <= 1)
            present += added
            checkedBytes = Array(bytes.prefix(bytes.count - (fresh.tornTail?.byteCount ?? 0)))

            if (round + 1) % Self.fullReadInterval == 0 || round == Self.rounds - 1 {
                let contents = try EnvelopeJournal(path: path).read()
                let numbers = try contents.records.map { try Self.number($0) }
                recordsChecked += numbers.count
                #expect(numbers == present, "round \(round): the full read differs from the records checked")
                #expect(Set(numbers).count == numbers.count, "a record appears twice")
                #expect(acknowledged.isSubset(of: numbers), "acknowledged records lost: \(acknowledged.subtracting(numbers).sorted())")
            }
        }
        print("journal crash test: \(Self.rounds) kills, \(acknowledged.count) acknowledged, \(present.count) records in the journal, \(recordsChecked) record reads checked, \(tornTails) torn tails seen and cut")
        #expect(acknowledged.count > 0)
        #expect(tornTails > 0, "no kill landed mid-record, so the torn-tail path was not exercised")
    }
}
