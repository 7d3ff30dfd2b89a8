import ArgumentParsing
import Foundation
import FoundationModels
import JSONCore
import LocalInference
import StructuredDecoding

/// `fm schema show`: a schema as `fm respond --schema` uses it: read into a `GenerationSchema`
/// (properties in `x-order`), written back as JSON Schema, and compiled by the grammar compiler
/// on the model's vocabulary, so a keyword guided decoding cannot enforce is reported before any
/// generation.
struct SchemaShowCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "show",
            abstract: "Print a schema as the session uses it, and check that guided decoding can enforce it.",
            discussion: """
                <schema> is a file or the schema itself as JSON (a file written by 'fm schema object',
                or any JSON Schema), or a Swift file of @Generable structs and enums with their
                @Guides ('Recipe.swift', or 'Recipe.swift#Recipe' to pick the root type): its schema is
                the one the macro gives the compiled type. Prints it as the session hands it to the
                grammar compiler; a schema the compiler refuses ends with status 65 naming the keyword
                and its path.
                """)
    }

    @Flag(help: "Print the schema on one line.")
    var compact = false
    @Flag(help: "Print one JSON object: {\"schema\": ..., \"prompt_tokens\": N} (the tokens the schema adds to the prompt).")
    var json = false
    @OptionGroup var model: ModelOptions
    @Argument(help: "The schema file (.json, or .swift of @Generable types), or inline JSON.", valueName: "schema")
    var schema: String

    func run() async throws {
        let generationSchema = try Self.generationSchema(from: schema)
        let jsonSchema = try generationSchema.jsonSchema()
        let url = try model.url()
        let tokenizer = try Tokenizer(gguf: GGUFFile(contentsOf: url))
        _ = try GrammarCompiler(vocabulary: TokenVocabulary(tokenizer: tokenizer)).compile(jsonSchema: jsonSchema)
        if json {
            let systemModel = try await SystemModel.load(url: url)
            JSONOutput.write(["schema": jsonSchema, "prompt_tokens": JSONOutput.number(try await systemModel.tokenCount(for: generationSchema))])
        } else {
            if compact { JSONOutput.write(jsonSchema) } else { Terminal.line(JSONOutput.pretty(jsonSchema)) }
        }
    }

    /// A `--schema` argument (a JSON file, inline JSON, or a Swift file of `@Generable` types,
    /// `X.swift` or `X.swift#Type`) as a `GenerationSchema`, its properties in the order the
    /// file writes them (decoding keeps only `x-order`'s order, so it is added where missing).
    ///
    /// - throws: `CommandError` (65/66) naming the file or what is not JSON; `SchemaFileError`
    ///   (65) naming the line of a Swift file that cannot be read.
    static func generationSchema(from argument: String) throws -> GenerationSchema {
        if let swiftFile = SwiftSchemaFile.names(argument) {
            return try SwiftSchemaFile(path: swiftFile.path).generationSchema(root: swiftFile.type)
        }
        let (value, source) = try FileInput.jsonOrFile(argument)
        do {
            return try JSONDecoder().decode(GenerationSchema.self, from: Data(recordingPropertyOrder(value).serialized().utf8))
        } catch {
            throw CommandError("\(source) is not a schema: \(ErrorReport.describe(error))", status: .dataError)
        }
    }

    /// `value` with an `"x-order"` beside every `"properties"` that has none, listing the
    /// properties in document order.
    static func recordingPropertyOrder(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let elements):
            return .array(elements.map(recordingPropertyOrder))
        case .object(let object):
            var result = JSONObject(object.map { (key: $0.key, value: recordingPropertyOrder($0.value)) })
            if case .object(let properties)? = object["properties"], object["x-order"] == nil {
                result["x-order"] = .array(properties.map { .string($0.key) })
            }
            return .object(result)
        default:
            return value
        }
    }
}
