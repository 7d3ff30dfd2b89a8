import Foundation
import Testing
@testable import IntentEnvelope
import JSONSchemaValidation

@Suite("EnvelopeJournal") struct EnvelopeJournalTests {
    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString).jsonl").path
    }

    @Test func appendedRecordsReadBackInOrder() throws {
        let path = Self.temporaryPath("journal")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let journal = EnvelopeJournal(path: path)
        let first = try Envelope(parsing: SeedExamples.complete)
        let second = try Envelope(parsing: SeedExamples.incomplete)
        try journal.append(first)
        try journal.append(second)
        let contents = try journal.read()
        #expect(contents.tornTail == nil)
        #expect(contents.records.map(\.line) == [1, 2])
        #expect(contents.records.compactMap { try? $0.envelope.get() } == [first, second])
    }

    @Test func tornLastLineIsReportedAndCutBeforeTheNextAppend() throws {
        let path = Self.temporaryPath("torn")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let journal = EnvelopeJournal(path: path)
        let envelope = try Envelope(parsing: SeedExamples.complete)
        try journal.append(envelope)
        let committed = try Data(contentsOf: URL(fileURLWithPath: path)).count
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"source":"foundation-models","sess"#.utf8))
        try handle.close()

        let torn = try journal.read()
        #expect(torn.records.count == 1)
        #expect(torn.tornTail == JournalContents.TornTail(offset: committed, byteCount: 35))

        try journal.append(envelope)
        let repaired = try journal.read()
        #expect(repaired.tornTail == nil)
        #expect(repaired.records.count == 2)
        #expect(repaired.records.allSatisfy { (try? $0.envelope.get()) == envelope })
    }

    @Test func committedLineThatIsNotAnEnvelopeIsReportedNotDropped() {
        let contents = JournalContents(bytes: Array("{\"source\":\"siri\"}\nnot json\n".utf8))
        #expect(contents.records.count == 2)
        #expect(contents.records.allSatisfy { (try? $0.envelope.get()) == nil })
        #expect(contents.tornTail == nil)
    }

    /// Each line carries a CRC-32 of the envelope's JSON; the line stays one JSON object.
    @Test func linesAreSealedWithACRC32() throws {
        let path = Self.temporaryPath("sealed")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let envelope = try Envelope(parsing: SeedExamples.complete)
        try EnvelopeJournal(path: path).append(envelope)
        let line = try String(contentsOfFile: path, encoding: .utf8)
        let body = envelope.json.serialized()
        // zlib.crc32 of the same bytes gives the same value (CRC-32/ISO-HDLC); "123456789" checks it.
        #expect(JournalChecksum.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        let sealed = String(body.dropLast()) + #","crc32":""# + String(format: "%08x", JournalChecksum.crc32(Array(body.utf8))) + "\"}\n"
        #expect(line == sealed)
        #expect(try JSONValue(parsing: String(line.dropLast()))["crc32"] != nil)
    }

    /// A committed line whose bytes changed afterwards is reported, not trusted: one flipped
    /// byte in a string value still parses as an envelope, but not with its checksum.
    @Test func damagedCommittedLineIsAChecksumMismatch() throws {
        let path = Self.temporaryPath("damaged")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let journal = EnvelopeJournal(path: path)
        let envelope = try Envelope(parsing: SeedExamples.complete)
        try journal.append(envelope)
        try journal.append(envelope)
        var bytes = try #require(FileManager.default.contents(atPath: path))
        let target = try #require(bytes.firstRange(of: Data("sku_42".utf8)))
        bytes[target.lowerBound] = UInt8(ascii: "S")
        try bytes.write(to: URL(fileURLWithPath: path))
        let contents = try journal.read()
        #expect(contents.records.count == 2)
        guard case .failure(.checksumMismatch(let stored, let computed)) = contents.records[0].envelope else {
            Issue.record("the damaged line was read as \(contents.records[0].envelope)")
            return
        }
        #expect(stored != computed)
        #expect((try? contents.records[1].envelope.get()) == envelope)
        // A line written before checksums (no seal) still reads.
        let legacy = JournalContents(bytes: Array((envelope.json.serialized() + "\n").utf8))
        #expect((try? legacy.records[0].envelope.get()) == envelope)
    }

    @Test func unreadableJournalNamesThePathAndErrno() {
        #expect(throws: JournalError(path: "/nonexistent/j.jsonl", operation: "open", errno: ENOENT)) {
            try EnvelopeJournal(path: "/nonexistent/j.jsonl").read()
        }
    }
}
