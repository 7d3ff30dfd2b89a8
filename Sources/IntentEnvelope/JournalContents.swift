import JSONCore

/// One committed line of a journal.
public struct JournalRecord: Sendable {
    /// 1-based line number.
    public let line: Int
    /// Byte offset of the line in the file.
    public let offset: Int
    /// The envelope, or why the line is not one (a committed line is never dropped silently).
    public let envelope: Result<Envelope, EnvelopeError>
}

/// What `EnvelopeJournal.read()` found.
public struct JournalContents: Sendable {
    /// Every newline-terminated line, in order.
    public let records: [JournalRecord]
    /// A last line without a newline: the remains of an append interrupted by a crash. It was
    /// never acknowledged, so it is reported and not treated as a record.
    public let tornTail: TornTail?

    public struct TornTail: Sendable, Equatable {
        /// Byte offset where the torn line starts.
        public let offset: Int
        /// How many bytes it has.
        public let byteCount: Int
    }

    /// Splits journal bytes into records and a torn tail.
    public init(bytes: [UInt8]) {
        var records: [JournalRecord] = []
        var start = 0
        var line = 1
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            let slice = bytes[start..<index]
            if !slice.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                let envelope: Result<Envelope, EnvelopeError>
                var body = Array(slice)
                var mismatch: EnvelopeError?
                if let (sealed, stored) = JournalChecksum.unseal(slice) {
                    body = sealed
                    let computed = JournalChecksum.crc32(sealed)
                    if computed != stored { mismatch = .checksumMismatch(stored: stored, computed: computed) }
                }
                if let mismatch {
                    envelope = .failure(mismatch)
                } else {
                    do {
                        let value = try JSONValue(parsing: body)
                        envelope = Result { () throws(EnvelopeError) in try Envelope(json: value) }
                    } catch {
                        envelope = .failure(.notJSON(error))
                    }
                }
                records.append(JournalRecord(line: line, offset: start, envelope: envelope))
            }
            start = index + 1
            line += 1
        }
        self.records = records
        self.tornTail = start < bytes.count ? TornTail(offset: start, byteCount: bytes.count - start) : nil
    }
}
