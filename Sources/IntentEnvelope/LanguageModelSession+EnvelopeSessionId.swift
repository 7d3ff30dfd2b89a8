import FoundationModels

extension LanguageModelSession {
    /// The id that envelopes generated in this session carry in `sessionId`.
    ///
    /// ```swift
    /// let session = LanguageModelSession()
    /// session.envelopeSessionId   // "lm_3f2a…", the same for every call on this session
    /// ```
    ///
    /// The id is made on first use from a random UUID (`lm_` and 32 lowercase hex digits) and
    /// stays the same for as long as the session lives; two sessions never share one, even
    /// when one is created after the other was freed. It is not derived from the transcript,
    /// so a session recreated from a saved transcript gets a new id: persist the id beside the
    /// transcript and pass it to `EnvelopeStream(_:sessionId:for:)` when the envelopes must
    /// name the conversation across launches.
    public var envelopeSessionId: String {
        EnvelopeSessionIds.shared.id(for: self)
    }
}
