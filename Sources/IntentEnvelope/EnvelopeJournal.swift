#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import JSONCore

/// An append-only JSON Lines file of envelopes: the record of what was about to be performed.
///
/// ```swift
/// let journal = EnvelopeJournal(path: "/var/lib/app/envelopes.jsonl")
/// try journal.append(envelope)          // returns only after fsync
/// let contents = try journal.read()     // records, plus a torn last line if a crash left one
/// ```
///
/// Each line is sealed with a CRC-32 of the envelope's JSON (`JournalChecksum`), so a committed
/// line damaged later is reported as `EnvelopeError.checksumMismatch`, not trusted.
///
/// Durability: `append` writes one line and `fsync`s it (and the directory when it creates the
/// file) before returning, so a record that `append` acknowledged survives a crash. A crash
/// during `append` can leave a partial last line with no newline; `read` reports it as
/// `tornTail` and never as a record, and the next `append` cuts it off before writing, so a
/// torn fragment never merges with a later record. Appends take an exclusive `flock`, so
/// several processes may share one journal.
public struct EnvelopeJournal: Sendable {
    public let path: String

    /// For crash tests only: write each record in pieces of this many bytes, sleeping
    /// `pauseBetweenChunks` microseconds between them, so a kill can land in the middle of a
    /// record. `nil` (the default) writes each record with as few `write` calls as the kernel allows.
    package var writeChunkSize: Int?
    package var pauseBetweenChunks: UInt32 = 0

    public init(path: String) { self.path = path }

    /// Appends `envelope` as one compact JSON line and fsyncs it.
    /// - throws: `JournalError` naming the path, the operation and `errno`.
    public func append(_ envelope: Envelope) throws(JournalError) {
        try append(line: JournalChecksum.seal(envelope.json.serialized()))
    }

    func append(line: String) throws(JournalError) {
        let existed = access(path, F_OK) == 0
        let fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw JournalError(path: path, operation: "open", errno: errno) }
        defer { close(fd) }
        guard flock(fd, LOCK_EX) == 0 else { throw JournalError(path: path, operation: "flock", errno: errno) }
        try cutTornTail(fd)
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        var written = 0
        while written < bytes.count {
            if written > 0, pauseBetweenChunks > 0 { usleep(pauseBetweenChunks) }
            let end = writeChunkSize.map { min(bytes.count, written + max(1, $0)) } ?? bytes.count
            let result = bytes[written..<end].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if result < 0 {
                if errno == EINTR { continue }
                throw JournalError(path: path, operation: "write", errno: errno)
            }
            written += result
        }
        guard fsync(fd) == 0 else { throw JournalError(path: path, operation: "fsync", errno: errno) }
        if !existed { syncDirectory() }
    }

    /// Truncates a last line that has no newline (what a crash mid-`append` leaves).
    private func cutTornTail(_ fd: Int32) throws(JournalError) {
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw JournalError(path: path, operation: "fstat", errno: errno) }
        let size = Int(status.st_size)
        guard size > 0 else { return }
        var end = size
        var keep = 0
        var last: UInt8 = 0
        guard pread(fd, &last, 1, off_t(size - 1)) == 1 else { throw JournalError(path: path, operation: "pread", errno: errno) }
        guard last != UInt8(ascii: "\n") else { return }
        // Scan backwards in blocks for the last newline.
        var block = [UInt8](repeating: 0, count: 65536)
        search: while end > 0 {
            let start = max(0, end - block.count)
            let count = end - start
            let read = block.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(start)) }
            guard read == count else { throw JournalError(path: path, operation: "pread", errno: errno) }
            for index in stride(from: count - 1, through: 0, by: -1) where block[index] == UInt8(ascii: "\n") {
                keep = start + index + 1
                break search
            }
            end = start
        }
        guard ftruncate(fd, off_t(keep)) == 0 else { throw JournalError(path: path, operation: "ftruncate", errno: errno) }
    }

    private func syncDirectory() {
        let directory = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) : "."
        let fd = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    /// Reads every committed record and reports a torn last line.
    /// - throws: `JournalError` when the file cannot be read.
    public func read() throws(JournalError) -> JournalContents {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw JournalError(path: path, operation: "open", errno: errno) }
        defer { close(fd) }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw JournalError(path: path, operation: "read", errno: errno)
            }
            if count == 0 { break }
            data += chunk[..<count]
        }
        return JournalContents(bytes: data)
    }
}

/// `read(2)`, named apart from `EnvelopeJournal.read()`.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
