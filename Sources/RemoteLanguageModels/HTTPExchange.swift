import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// One HTTP request whose answer arrives as it comes: the status and headers first, then the
/// body in the pieces the network delivers (a delegate-based data task, so a server-sent event
/// stream is read while the server is still writing it).
///
/// The body is bounded: past `maximumBytes` the task is cancelled (the connection closed) and
/// the stream ends with ``RemoteLanguageModelError/responseTooLarge(limit:)``, so at most the
/// limit is ever buffered. Cancelling the task that iterates ``events``, or calling
/// ``cancel()``, cancels the data task.
///
/// ```swift
/// let exchange = HTTPExchange(request, maximumBytes: 1 << 20)
/// defer { exchange.cancel() }
/// for try await event in exchange.events { ... }
/// ```
final class HTTPExchange: Sendable {
    enum Event: Sendable {
        /// The status and the headers (names lowercased).
        case head(status: Int, headers: [String: String])
        case body(Data)
    }

    let events: AsyncThrowingStream<Event, any Error>
    private let session: URLSession
    private let task: URLSessionDataTask

    init(_ request: URLRequest, maximumBytes: Int) {
        let (events, continuation) = AsyncThrowingStream.makeStream(of: Event.self, throwing: (any Error).self)
        self.events = events
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = request.timeoutInterval
        configuration.timeoutIntervalForResource = request.timeoutInterval
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        let delegate = Delegate(continuation: continuation, maximumBytes: maximumBytes)
        // A session per exchange: it holds its delegate until invalidated, and is invalidated
        // as soon as its one task ends.
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        task = session.dataTask(with: request)
        let task = task
        continuation.onTermination = { _ in task.cancel() }
        task.resume()
        session.finishTasksAndInvalidate()
    }

    /// Cancels the data task: the connection closes, the events end.
    func cancel() { task.cancel() }

    /// Turns the data task's callbacks into ``events``.
    fileprivate final class Delegate: NSObject, URLSessionDataDelegate {
        let continuation: AsyncThrowingStream<Event, any Error>.Continuation
        let maximumBytes: Int
        /// Bytes of body received so far, and whether the limit already ended the stream.
        let received = Mutex<(bytes: Int, overLimit: Bool)>((0, false))

        init(continuation: AsyncThrowingStream<Event, any Error>.Continuation, maximumBytes: Int) {
            self.continuation = continuation
            self.maximumBytes = maximumBytes
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
            guard let http = response as? HTTPURLResponse else {
                continuation.finish(throwing: RemoteLanguageModelError.malformedResponse("The answer is not an HTTP response."))
                completionHandler(.cancel)
                return
            }
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
            }
            continuation.yield(.head(status: http.statusCode, headers: headers))
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let overLimit = received.withLock { state -> Bool in
                guard !state.overLimit else { return true }
                state.bytes += data.count
                state.overLimit = state.bytes > maximumBytes
                return state.overLimit
            }
            if overLimit {
                continuation.finish(throwing: RemoteLanguageModelError.responseTooLarge(limit: maximumBytes))
                dataTask.cancel()
                return
            }
            continuation.yield(.body(data))
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            guard let error else {
                continuation.finish()
                return
            }
            if (error as? URLError)?.code == .cancelled {
                continuation.finish()   // ours: the limit, a caller's cancellation, or the timeout
            } else if (error as? URLError)?.code == .timedOut {
                continuation.finish(throwing: TransportTimeout())
            } else {
                continuation.finish(throwing: RemoteLanguageModelError.connectionLost(error.localizedDescription))
            }
        }
    }
}

/// URLSession's own timeout fired (it is set to the request's): reported as the framework's timeout.
struct TransportTimeout: Error {}

// The delegate's stored properties are immutable or a Mutex, and URLSession calls it on its
// own serial queue.
extension HTTPExchange.Delegate: @unchecked Sendable {}
