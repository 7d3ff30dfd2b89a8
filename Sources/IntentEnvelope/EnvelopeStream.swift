import JSONCore

/// One state of the generated content while a response streams: the partially (or fully)
/// generated value and whether generation has finished.
///
/// This is the seam to `LanguageModelSession.ResponseStream`: map each stream snapshot's
/// `rawContent` (a `GeneratedContent`) to its JSON value and completeness, for example
///
/// ```swift
/// let stream = session.streamResponse(to: prompt, generating: OrderDraft.self)
/// let snapshots = stream.map { ContentSnapshot(content: $0.rawContent.jsonValue,
///                                              isComplete: $0.rawContent.isComplete) }
/// for try await envelope in EnvelopeStream(snapshots, sessionId: id, generable: "OrderDraft",
///                                          for: PlaceOrderIntent.self) { ... }
/// ```
///
/// If the model's stream can end without a snapshot marked complete, append one final
/// `ContentSnapshot(content: response.rawContent.jsonValue, isComplete: true)` from
/// `collect()`, so that projection happens only on the finished value.
public struct ContentSnapshot: Sendable, Hashable {
    public var content: JSONValue
    public var isComplete: Bool

    public init(content: JSONValue, isComplete: Bool) {
        self.content = content
        self.isComplete = isComplete
    }
}

/// Turns a stream of content snapshots into envelopes: `complete: false, parameters: null`
/// while partial, and one complete envelope with projected `parameters` when finished.
/// Snapshots after the complete one are ignored (the sequence ends).
///
/// ```swift
/// for try await envelope in EnvelopeStream(snapshots, sessionId: "lm_01",
///                                          generable: "OrderDraft", for: PlaceOrderIntent.self) {
///     try journal.append(envelope)   // or show progress; only the last is complete
/// }
/// ```
public struct EnvelopeStream<Base: AsyncSequence>: AsyncSequence where Base.Element == ContentSnapshot {
    public typealias Element = Envelope

    let base: Base
    let sessionId: String
    let generable: String
    let intentName: String
    let schemaVersion: Int
    let declaredNames: [String]

    public init<Intent: EnvelopeIntent>(_ base: Base, sessionId: String, generable: String, for intent: Intent.Type) {
        self.base = base
        self.sessionId = sessionId
        self.generable = generable
        self.intentName = intent.name
        self.schemaVersion = intent.schemaVersion
        self.declaredNames = intent.parameterNames
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let stream: EnvelopeStream
        var finished = false

        public mutating func next() async throws -> Envelope? {
            guard !finished, let snapshot = try await base.next() else { return nil }
            let content = snapshot.content.object
            var envelope = Envelope(source: .foundationModels, sessionId: stream.sessionId, schemaVersion: stream.schemaVersion,
                                    generable: stream.generable, complete: false, content: content,
                                    intent: stream.intentName, parameters: nil)
            if snapshot.isComplete {
                finished = true
                guard let content else { throw EnvelopeStreamError.completedContentIsNotAnObject(snapshot.content.typeName) }
                envelope.complete = true
                envelope.parameters = Envelope.project(content, declaredNames: stream.declaredNames)
            }
            return envelope
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), stream: self)
    }
}
