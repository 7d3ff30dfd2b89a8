internal import CCrypto
import Foundation

/// An incremental SHA-256 (libcrypto's EVP digest), for checking models as they are written
/// and files already on disk.
///
/// ```swift
/// var hasher = SHA256Hasher()
/// hasher.update(chunk)
/// let hex = hasher.finish()   // 64 lowercase hex digits
/// ```
/// A hasher belongs to the task that made it (never Sendable): the context is mutable C state.
final class SHA256Hasher {
    private let context: OpaquePointer

    init() {
        guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
            fatalError("libcrypto cannot create a SHA-256 context (out of memory)")
        }
        self.context = context
    }

    deinit { EVP_MD_CTX_free(context) }

    func update(_ data: Data) {
        data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress, bytes.count > 0 else { return }
            _ = EVP_DigestUpdate(context, base, bytes.count)
        }
    }

    func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        _ = EVP_DigestUpdate(context, base, bytes.count)
    }

    /// The digest as lowercase hex; the hasher is spent.
    func finish() -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        _ = EVP_DigestFinal_ex(context, &digest, &length)
        return digest.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
    }

    /// The SHA-256 of a file, read in 8 MB chunks, with `progress(bytesDone)` after each.
    ///
    /// - throws: `CommandError` (66) naming the file when it cannot be read.
    static func hash(fileAt url: URL, progress: (Int) -> Void = { _ in }) throws -> String {
        let handle: FileHandle
        do { handle = try FileHandle(forReadingFrom: url) } catch {
            throw CommandError("cannot read \(url.path): \(ErrorReport.describe(error))", status: .noInput)
        }
        defer { try? handle.close() }
        let hasher = SHA256Hasher()
        var done = 0
        while true {
            let chunk: Data
            do { chunk = try handle.read(upToCount: 8 << 20) ?? Data() } catch {
                throw CommandError("cannot read \(url.path): \(ErrorReport.describe(error))", status: .noInput)
            }
            if chunk.isEmpty { break }
            hasher.update(chunk)
            done += chunk.count
            progress(done)
        }
        return hasher.finish()
    }
}
