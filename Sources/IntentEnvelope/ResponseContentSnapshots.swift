import FoundationModels
import JSONCore

/// The snapshots of a `LanguageModelSession.ResponseStream` as `ContentSnapshot`s: one
/// incomplete snapshot per stream element, then, after the stream has ended, one complete
/// snapshot holding the finished response.
///
/// ```swift
/// let stream = session.streamResponse(to: prompt, generating: OrderDraft.self)
/// for try await snapshot in ResponseContentSnapshots(stream) {
///     snapshot.isComplete   // false until the last one
/// }
/// ```
///
/// Why not pass each element's `rawContent.isComplete` through: it says that the JSON text is
/// closed, not that generation has finished. The only proof of a finished generation is the end
/// of the stream, after which `collect()` returns the response at once; its `rawContent` also
/// converts to `Content` (or `collect()` throws), so a value that does not fit the type is never
/// marked complete. The last incomplete snapshot and the complete one may hold the same value.
public struct ResponseContentSnapshots<Content: Generable>: AsyncSequence {
    public typealias Element = ContentSnapshot

    let responses: LanguageModelSession.ResponseStream<Content>

    /// - parameter responses: The stream to read; generation starts when this sequence is
    ///   first iterated, if it has not already.
    public init(_ responses: LanguageModelSession.ResponseStream<Content>) {
        self.responses = responses
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let responses: LanguageModelSession.ResponseStream<Content>
        var base: LanguageModelSession.ResponseStream<Content>.AsyncIterator
        var finished = false

        /// - throws: What the stream or `collect()` throws: `LanguageModelSession.GenerationError`,
        ///   `CancellationError`, or a decoding error when the final value does not fit `Content`.
        public mutating func next() async throws -> ContentSnapshot? {
            guard !finished else { return nil }
            if let snapshot = try await base.next() {
                return ContentSnapshot(content: snapshot.rawContent.jsonValue, isComplete: false)
            }
            finished = true
            let response = try await responses.collect()
            return ContentSnapshot(content: response.rawContent.jsonValue, isComplete: true)
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(responses: responses, base: responses.makeAsyncIterator())
    }
}
