/// A type that the model can generate: it has a schema that guides decoding, converts from the
/// generated content, and has a partially generated form for streaming.
///
/// Apply the `@Generable` macro to a struct or enum rather than conforming by hand.
///
/// ```swift
/// @Generable struct RecipeCard {
///     @Guide(description: "Difficulty from 1 to 5", .range(1...5)) let difficulty: Int
/// }
/// let card = try await session.respond(to: "A tofu dish", generating: RecipeCard.self).content
/// ```
public protocol Generable: ConvertibleFromGeneratedContent, ConvertibleToGeneratedContent {
    /// The type of a value that is still being generated: every property optional.
    associatedtype PartiallyGenerated: ConvertibleFromGeneratedContent = Self

    /// The schema that guided generation follows for this type.
    static var generationSchema: GenerationSchema { get }

    /// This value as its partially generated form.
    func asPartiallyGenerated() -> PartiallyGenerated
}

extension Generable where PartiallyGenerated == Self {
    public func asPartiallyGenerated() -> Self { self }
}
