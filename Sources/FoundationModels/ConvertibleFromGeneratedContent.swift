/// A type that can be initialized from generated content.
///
/// `@Generable` types conform through the macro; so do their `PartiallyGenerated` types, which
/// is how streamed snapshots become typed values.
public protocol ConvertibleFromGeneratedContent: SendableMetatype {
    /// Creates an instance from generated content.
    /// - throws: `LanguageModelSession.GenerationError.decodingFailure` when the content does
    ///   not have the shape this type needs.
    init(_ content: GeneratedContent) throws
}
