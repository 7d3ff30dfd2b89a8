import Foundation
import FoundationModels
import Testing

/// `fm schema show X.swift`: the JSON Schema of `@Generable` types read from Swift source, which
/// must be the schema the macro gives the same types compiled (SchemaFileFixtures.swift is both).
@Suite("fm schema of a Swift file") struct SchemaFileTests {
    /// SchemaFileFixtures.swift, beside this file.
    static var fixtures: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("SchemaFileFixtures.swift").path
    }

    /// `value` as Foundation objects, for comparing JSON regardless of key order.
    static func object(_ data: Data) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
    }

    @Test(arguments: ["SchemaFileRecipe", "SchemaFileIngredient", "SchemaFileNutrition", "SchemaFileDifficulty"])
    func theSchemaIsTheMacros(type: String) throws {
        try FMProcess.requireDefaultModel()
        let macro: GenerationSchema = switch type {
        case "SchemaFileRecipe": SchemaFileRecipe.generationSchema
        case "SchemaFileIngredient": SchemaFileIngredient.generationSchema
        case "SchemaFileNutrition": SchemaFileNutrition.generationSchema
        default: SchemaFileDifficulty.generationSchema
        }
        let output = try FMProcess.run(["schema", "show", "--compact", Self.fixtures + "#" + type])
        #expect(output.status == 0, "\(output.stderr)")
        let expected = try Self.object(JSONEncoder().encode(macro))
        #expect(try Self.object(Data(output.stdout.utf8)) == expected, "fm: \(output.stdout)\nmacro: \(expected)")
    }

    @Test func theRootIsTheTypeNoOtherUses() throws {
        try FMProcess.requireDefaultModel()
        let output = try FMProcess.run(["schema", "show", "--compact", Self.fixtures])
        #expect(output.status == 0)
        let schema = try Self.object(Data(output.stdout.utf8))
        #expect(schema["title"] as? String == "SchemaFileRecipe")
        #expect(schema["x-order"] as? [String] == ["title", "minutes", "difficulty", "ingredients", "steps", "vegetarian", "nutrition", "meal"])
    }

    @Test func respondTakesASwiftFileAsItsSchema() throws {
        try FMProcess.requireDefaultModel()
        let file = try FMProcess.file("@Generable struct Answer {\n  @Guide(.anyOf([\"yes\", \"no\"]))\n  var verdict: String\n}\n", name: "Answer.swift")
        let output = try FMProcess.run(["respond", "--greedy", "--max-tokens", "24", "--schema", file, "Is water wet?"])
        #expect(output.status == 0, "\(output.stderr)")
        let object = try Self.object(Data(output.stdout.utf8))
        #expect(["yes", "no"].contains(object["verdict"] as? String ?? ""))
        #expect(object.count == 1)
    }

    @Test(arguments: [
        ("@Generable struct A {\n  var x: [String: Int]\n}\n", "A.swift:2:10: dictionaries have no schema"),
        ("@Generable enum E {\n  case a(Int)\n}\n", "A.swift:2:8: enum case 'a' has associated values"),
        ("@Generable struct A {\n  var when: Dat\n}\n", "A.swift:2:7: 'when' has type 'Dat', which is neither"),
        ("@Generable struct A {\n  @Guide(.range(1...3))\n  var name: String\n}\n", "A.swift:2:10: the guide '.range' with these arguments does not apply to 'name'"),
        ("@Generable struct A {\n  var name = \"x\"\n}\n", "A.swift:2:12: property 'name' needs a type annotation"),
        ("@Generable struct A {\n  @Guide(description: \"a \\(b)\")\n  var name: String\n}\n", "A.swift:2:26: string interpolation is not supported"),
        ("@Generable struct A { var a: B }\n@Generable struct B { var c: Int }\n@Generable struct C { var d: Int }\n",
         "A.swift:1:19: the file declares several root types (A, C)"),
        ("struct A {}\n", "A.swift:1:1: no @Generable struct or enum in the file"),
    ])
    func unreadableFilesNameTheLine(source: String, message: String) throws {
        let directory = try FMProcess.temporaryDirectory()
        let path = directory.appendingPathComponent("A.swift").path
        try Data(source.utf8).write(to: URL(fileURLWithPath: path))
        let output = try FMProcess.run(["schema", "show", path])
        #expect(output.status == 65)
        #expect(output.firstErrorLine.hasPrefix("fm: \(directory.path)/" + message), "\(output.stderr)")
    }
}
