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

    @Test func unreadableJournalNamesThePathAndErrno() {
        #expect(throws: JournalError(path: "/nonexistent/j.jsonl", operation: "open", errno: ENOENT)) {
            try EnvelopeJournal(path: "/nonexistent/j.jsonl").read()
        }
    }
}
