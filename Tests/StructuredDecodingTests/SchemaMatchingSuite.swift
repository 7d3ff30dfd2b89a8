import JSONSchemaValidation
import Testing
@testable import StructuredDecoding

/// Byte-wise schema checks shared by the suites that compile schemas against the tiny test
/// vocabulary: whether `CompiledGrammar.matches` accepts exactly the texts it should.
protocol SchemaMatchingSuite {
    var compiler: GrammarCompiler { get }
}

extension SchemaMatchingSuite {
    func grammar(_ schema: String) throws -> CompiledGrammar {
        try compiler.compile(jsonSchema: try JSONValue(parsing: schema))
    }

    /// Records an issue, at the caller's location, for each text of `accepts` the grammar of
    /// `schema` rejects and each text of `rejects` it accepts.
    func expectMatches(_ schema: String, accepts: [String], rejects: [String],
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let compiled = try grammar(schema)
        for text in accepts {
            #expect(compiled.matches(Array(text.utf8)), "\(schema) should accept \(text)", sourceLocation: sourceLocation)
        }
        for text in rejects {
            #expect(!compiled.matches(Array(text.utf8)), "\(schema) should reject \(text)", sourceLocation: sourceLocation)
        }
    }
}
