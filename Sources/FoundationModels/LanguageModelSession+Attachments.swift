extension LanguageModelSession {
    /// Refuses image attachments, which the local engine cannot read: it has no
    /// ``LanguageModelCapabilities/Capability/vision``, so, as Apple's framework does for such
    /// a model, the request fails with ``LanguageModelError/unsupportedCapability(_:)`` before
    /// anything is decoded.
    ///
    /// - throws: `LanguageModelError.unsupportedCapability` naming `.vision` and the segments.
    static func refuseAttachments(in transcript: Transcript, prompt: Prompt) throws {
        let inTranscript = transcript.flatMap(\.segments).filter { if case .attachment = $0 { true } else { false } }
        let inPrompt = prompt.segments.filter { if case .attachment = $0 { true } else { false } }
        let attachments = inTranscript + inPrompt
        guard !attachments.isEmpty else { return }
        throw LanguageModelError.unsupportedCapability(.init(
            capability: .vision,
            debugDescription: "The model cannot read image attachments (it lacks the vision capability); "
                + "found \(attachments.count): \(attachments.map(\.description).joined(separator: ", "))."))
    }
}
