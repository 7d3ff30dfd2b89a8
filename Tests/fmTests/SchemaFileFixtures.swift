// The @Generable types fmTests compiles (their schemas come from the macro) and hands to
// `fm schema show` as source (their schemas come from fm's reader of Swift files): the two
// must agree. Keep this file to the subset fm reads: no string interpolation, no raw or
// multi-line strings.
import FoundationModels

@Generable(description: "A recipe card")
struct SchemaFileRecipe {
    @Guide(description: "The dish's name")
    var title: String
    @Guide(description: "Minutes to cook", .range(1...240))
    var minutes: Int
    var difficulty: SchemaFileDifficulty
    @Guide(.count(2...6))
    var ingredients: [SchemaFileIngredient]
    @Guide(description: "Short steps", .maximumCount(5), .element(.pattern(/[A-Z].*/)))
    var steps: [String]
    var vegetarian: Bool
    var nutrition: SchemaFileNutrition?
    @Guide(.anyOf(["breakfast", "lunch", "dinner"]))
    var meal: String?

    // Not part of the schema, as the macro counts properties.
    static let example = "pancakes"
    let kind = "recipe"
    var summary: String { title }
    func describe() -> String { "a recipe" }
}

@Generable(description: "How hard it is")
enum SchemaFileDifficulty {
    case easy, medium
    case hard
}

@Generable
struct SchemaFileIngredient {
    @Guide(description: "Name of the ingredient", .constant("flour"))
    var name: String
    @Guide(.minimum(0.5))
    var grams: Double
}

@Generable(representNilExplicitlyInGeneratedContent: true)
struct SchemaFileNutrition {
    @Guide(.minimum(0), .maximum(5000))
    var calories: Int
    var note: String?
}
