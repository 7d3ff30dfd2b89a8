import Foundation

extension Transcript.StructuredSegment {
    /// A name that can be used to understand which type the content represents: the
    /// ``GenerationSchema/name`` of the schema it follows.
    ///
    /// ```swift
    /// let segment = Transcript.StructuredSegment(schemaName: "RecipeCard", content: card.generatedContent)
    /// ```
    public var schemaName: String {
        get { source }
        set { source = newValue }
    }

    /// Creates a structured segment.
    ///
    /// - parameter id: A unique identifier for the segment.
    /// - parameter schemaName: The name of the schema the content follows.
    /// - parameter content: The content of the segment.
    public init(id: String = UUID().uuidString, schemaName: String, content: GeneratedContent) {
        self.init(id: id, source: schemaName, content: content)
    }
}
