extension [String: any ConvertibleToGeneratedContent] {
    /// The values as generated content, the form transcript entries store metadata in (it is
    /// `Codable`, `Equatable` and `Sendable`, so entries stay all three).
    var generatedContent: [String: GeneratedContent] { mapValues(\.generatedContent) }
}

extension [String: GeneratedContent] {
    /// `nil` for no metadata, so entries without metadata encode as they did before entries
    /// had it (no `metadata` key) and decode from that form.
    var storedForm: [String: GeneratedContent]? { isEmpty ? nil : self }
}
