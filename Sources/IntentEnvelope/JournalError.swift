#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A journal file that could not be opened, locked, written, synced or read.
public struct JournalError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let operation: String
    public let errno: Int32

    public var description: String {
        "\(operation) '\(path)' failed: \(String(cString: strerror(errno))) (errno \(errno))"
    }
}
