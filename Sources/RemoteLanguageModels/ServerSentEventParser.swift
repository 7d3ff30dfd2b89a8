/// Cuts a `text/event-stream` body into the `data` of its events, as bytes arrive.
///
/// Lines end with LF, CRLF or CR; an empty line ends an event; the `data` lines of one event
/// are joined with LF; comments (`:` lines) and other fields are skipped. One event may hold
/// at most `maximumEventBytes`, so a server that never ends a line cannot grow the buffer
/// without bound.
///
/// ```swift
/// var parser = ServerSentEventParser(maximumEventBytes: 1 << 20)
/// let payloads = try parser.feed(Array("data: {\"a\":1}\n\n".utf8))   // ["{\"a\":1}"]
/// ```
struct ServerSentEventParser {
    let maximumEventBytes: Int
    private var line: [UInt8] = []
    private var data: [UInt8] = []
    private var hasData = false
    /// A CR ended the last line: an LF right after it belongs to the same line end.
    private var afterCarriageReturn = false

    init(maximumEventBytes: Int) { self.maximumEventBytes = maximumEventBytes }

    /// Reads more of the body.
    ///
    /// - returns: The `data` of each event the bytes completed, in order.
    /// - throws: ``RemoteLanguageModelError/responseTooLarge(limit:)`` when one event passes the limit.
    mutating func feed<Bytes: Sequence>(_ bytes: Bytes) throws(RemoteLanguageModelError) -> [String] where Bytes.Element == UInt8 {
        var events: [String] = []
        for byte in bytes {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if byte == UInt8(ascii: "\n") { continue }
            }
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                afterCarriageReturn = byte == UInt8(ascii: "\r")
                if let event = endLine() { events.append(event) }
            default:
                line.append(byte)
                guard line.count + data.count <= maximumEventBytes else { throw .responseTooLarge(limit: maximumEventBytes) }
            }
        }
        return events
    }

    /// Ends the current line; returns the event's data when the line was the empty one ending it.
    private mutating func endLine() -> String? {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty {
            guard hasData else { return nil }
            defer { data.removeAll(keepingCapacity: true); hasData = false }
            return String(decoding: data, as: UTF8.self)
        }
        guard line.starts(with: Array("data".utf8)) else { return nil }
        var value = line.dropFirst(4)
        if let colon = value.first {
            guard colon == UInt8(ascii: ":") else { return nil }   // a field named "data…", not "data"
            value = value.dropFirst()
            if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        }
        if hasData { data.append(UInt8(ascii: "\n")) }
        data.append(contentsOf: value)
        hasData = true
        return nil
    }
}
