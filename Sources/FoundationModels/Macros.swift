// The `@Generable` and `@Guide` macros, implemented by the FoundationModelsMacros plugin.

/// Conforms a struct or an enum to ``Generable`` so the model can generate instances of it.
///
/// ```swift
/// @Generable(description: "A recipe")
/// struct RecipeCard {
///     @Guide(description: "Difficulty", .range(1...5))
///     let difficulty: Int
///     var note: String?
/// }
/// ```
///
/// The macro adds, in an extension (so a struct keeps its memberwise initializer):
/// `generationSchema` (stored properties in declaration order, optionals optional, `@Guide`
/// descriptions and guides), `init(_: GeneratedContent)`, `generatedContent`, and for structs a
/// nested `PartiallyGenerated` whose fields are all optional, plus `asPartiallyGenerated()`.
/// Enums of plain cases generate as one of their case names; enums with associated values as an
/// object tagged by `"case"` with the values by label (`_0`, `_1`, ... when unlabeled). A `nil`
/// optional property (or associated value) is left out of `generatedContent`, and the model may
/// leave it out; ``Generable(description:representNilExplicitlyInGeneratedContent:)`` writes it
/// as `null` instead.
///
/// - parameter description: What the type represents, for the model.
@attached(
    extension,
    conformances: Generable,
    names: named(init(_:)), named(generatedContent), named(generationSchema), named(PartiallyGenerated),
    named(asPartiallyGenerated)
)
public macro Generable(description: String? = nil) =
    #externalMacro(module: "FoundationModelsMacros", type: "GenerableMacro")

/// Conforms a struct or an enum to ``Generable``, choosing how `nil` optional properties are
/// represented in generated content.
///
/// ```swift
/// @Generable(representNilExplicitlyInGeneratedContent: true)
/// struct Contact {
///     let name: String
///     let phone: String?
/// }
/// Contact(name: "Ana", phone: nil).generatedContent.jsonString   // {"name":"Ana","phone":null}
/// ```
///
/// With `false` (and with ``Generable(description:)``) a `nil` property is left out: the
/// model may omit it, and `generatedContent` has no such key. With `true` the model always
/// writes the property, as `null` when it has no value (the schema requires it and allows
/// `null`), and `generatedContent` holds `null`. Explicit nils matter for external systems,
/// adapters and one-shot examples that encode them.
///
/// - parameter description: What the type represents, for the model.
/// - parameter representNilExplicitlyInGeneratedContent: A Boolean literal: `true` to write nil
///   properties as `null`, `false` to leave them out.
@attached(
    extension,
    conformances: Generable,
    names: named(init(_:)), named(generatedContent), named(generationSchema), named(PartiallyGenerated),
    named(asPartiallyGenerated)
)
public macro Generable(description: String? = nil, representNilExplicitlyInGeneratedContent: Bool) =
    #externalMacro(module: "FoundationModelsMacros", type: "GenerableMacro")

/// Conforms a struct or an enum to ``Generable``, naming its schema with `name` instead of the
/// Swift type name.
///
/// ```swift
/// @Generable(name: "Recipe", description: "A recipe")
/// struct RecipeCardV2 {
///     let title: String
/// }
/// RecipeCardV2.generationSchema.name   // "Recipe"
/// ```
///
/// The name titles the schema's JSON Schema, is the ``Transcript/ResponseFormat/name`` of
/// requests that generate the type, and the ``Transcript/StructuredSegment/schemaName`` of
/// the responses. Everything else is as for ``Generable(description:)``.
///
/// - parameter name: The schema's name.
/// - parameter description: What the type represents, for the model.
/// - parameter representNilExplicitlyInGeneratedContent: Whether a `nil` optional property is
///   present in generated content as `null` (`true`) or left out (`false`, the default); see
///   ``Generable(description:representNilExplicitlyInGeneratedContent:)``.
@attached(
    extension,
    conformances: Generable,
    names: named(init(_:)), named(generatedContent), named(generationSchema), named(PartiallyGenerated),
    named(asPartiallyGenerated)
)
public macro Generable(name: String, description: String? = nil, representNilExplicitlyInGeneratedContent: Bool = false) =
    #externalMacro(module: "FoundationModelsMacros", type: "GenerableMacro")

/// Describes a property of a `@Generable` type and constrains the values the model may produce.
///
/// ```swift
/// @Guide(description: "Difficulty from 1 to 5", .range(1...5))
/// let difficulty: Int
/// ```
///
/// A guide that cannot apply to the property's type (`.range` on a `String`) is a compile error
/// on this attribute.
///
/// - parameter description: What the property holds, for the model.
/// - parameter guides: Constraints on the generated value.
@attached(peer)
public macro Guide<T>(description: String? = nil, _ guides: GenerationGuide<T>...) =
    #externalMacro(module: "FoundationModelsMacros", type: "GuideMacro")

/// Describes an array property of a `@Generable` type with guides that do not name the element
/// type, such as `.count(3)` or `.minimumCount(1)`.
///
/// ```swift
/// @Guide(description: "Traits", .count(3))
/// var traits: [String]
/// ```
///
/// Nothing in `.count(3)` says what the elements are, so the generic form above cannot infer them;
/// this form type-checks the guides on a stand-in element type. The expansion applies them to the
/// property's real type.
///
/// - parameter description: What the property holds, for the model.
/// - parameter guides: Constraints on the array.
@attached(peer)
public macro Guide(description: String? = nil, _ guides: GenerationGuide<[GeneratedContent]>...) =
    #externalMacro(module: "FoundationModelsMacros", type: "GuideMacro")

/// Constrains a `String` property of a `@Generable` type to match a regular expression.
///
/// ```swift
/// @Guide(description: "Given name", /[A-Z][a-z]+/)
/// var name: String
/// ```
///
/// - parameter description: What the property holds, for the model.
/// - parameter guide: The pattern the whole value must match.
@attached(peer)
public macro Guide<RegexOutput>(description: String? = nil, _ guide: Regex<RegexOutput>) =
    #externalMacro(module: "FoundationModelsMacros", type: "GuideMacro")

/// Describes a property of a `@Generable` type for the model.
///
/// ```swift
/// @Guide(description: "The dish's name")
/// let title: String
/// ```
///
/// - parameter description: What the property holds.
@attached(peer)
public macro Guide(description: String) =
    #externalMacro(module: "FoundationModelsMacros", type: "GuideMacro")
