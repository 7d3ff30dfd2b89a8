import FoundationModels

extension EnvelopeStream {
    /// Envelopes for a response that `session` streams: `complete: false, parameters: null`
    /// for every snapshot while generating, then one complete envelope whose `parameters` are
    /// projected from the finished value once the stream has ended.
    ///
    /// ```swift
    /// let session = LanguageModelSession(instructions: "Draft the order the user asks for.")
    /// let responses = session.streamResponse(to: "Two croissants for pickup", generating: OrderDraft.self)
    /// for try await envelope in EnvelopeStream(responses, session: session, for: PlaceOrderIntent.self) {
    ///     if envelope.complete { try await gate.perform(envelope) }
    /// }
    /// ```
    ///
    /// `sessionId` is `session.envelopeSessionId` and `generable` the name the transcript
    /// gives `Content` (its type name). Generation starts when the envelopes are first
    /// iterated, if it has not already.
    ///
    /// - parameter responses: A stream from `session.streamResponse(…generating:…)`.
    /// - parameter session: The session that streams it, which names the envelopes.
    /// - parameter intent: The intent the envelopes are for; its declared parameters are the
    ///   fields projected into `parameters`.
    /// - throws: (while iterating) what the response stream throws, or
    ///   `EnvelopeStreamError.completedContentIsNotAnObject` when the finished value is not an object.
    public init<Content: Generable, Intent: EnvelopeIntent>(
        _ responses: LanguageModelSession.ResponseStream<Content>, session: LanguageModelSession, for intent: Intent.Type
    ) where Base == ResponseContentSnapshots<Content> {
        self.init(responses, sessionId: session.envelopeSessionId, for: intent)
    }

    /// Envelopes for a streamed response, with a `sessionId` you keep yourself (for example
    /// one persisted with the transcript, so it survives relaunches).
    ///
    /// ```swift
    /// let envelopes = EnvelopeStream(responses, sessionId: savedId, for: PlaceOrderIntent.self)
    /// ```
    ///
    /// - parameter responses: The stream to turn into envelopes.
    /// - parameter sessionId: The value of every envelope's `sessionId`.
    /// - parameter intent: The intent the envelopes are for.
    public init<Content: Generable, Intent: EnvelopeIntent>(
        _ responses: LanguageModelSession.ResponseStream<Content>, sessionId: String, for intent: Intent.Type
    ) where Base == ResponseContentSnapshots<Content> {
        self.init(ResponseContentSnapshots(responses), sessionId: sessionId,
                  generable: Transcript.ResponseFormat(type: Content.self).name, for: intent)
    }
}
