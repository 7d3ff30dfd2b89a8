import Foundation
import JSONSchemaValidation

/// `fm jsonschema validate`: checks JSON instances against a draft 2020-12 schema.
struct JSONSchemaValidateCommand: Command {
    static let name = "jsonschema validate"
    static let abstract = "Validate JSON against a JSON Schema (draft 2020-12)"
    static let usage = """
        USAGE: fm jsonschema validate --schema SCHEMA.json (INSTANCE.json | --instances FILE.jsonl)
                                      [--assert-format]

        Prints one line per instance: `valid` or `invalid: <instance path>: <reason>`.
        Relative $refs resolve against the schema file's location.

        OPTIONS:
          --schema FILE        The schema.
          --instances FILE     Validate every non-empty line of a JSON Lines file.
          --assert-format      Check `format` values instead of treating them as annotations.

        EXIT STATUS: 0 all valid, 1 some invalid, 2 unreadable input (or an unusable schema).
        """

    let schemaPath: String
    let instancePath: String?
    let linesPath: String?
    let assertsFormat: Bool

    init(arguments: inout ArgumentList) throws {
        guard let schema = try arguments.option("--schema") else { throw UsageError("missing --schema") }
        schemaPath = schema
        linesPath = try arguments.option("--instances")
        assertsFormat = arguments.flag("--assert-format")
        let positionals = try arguments.positionals()
        guard positionals.count <= 1 else { throw UsageError("expected one INSTANCE.json, got \(positionals.count)") }
        instancePath = positionals.first
        guard (instancePath == nil) != (linesPath == nil) else {
            throw UsageError("give either INSTANCE.json or --instances FILE.jsonl")
        }
    }

    func run() async throws -> Int32 {
        let schema: JSONSchema
        switch readJSON(schemaPath) {
        case .failure(let message):
            print("unreadable: \(message)")
            return 2
        case .success(let document):
            let url = URL(fileURLWithPath: schemaPath).standardizedFileURL
            var registry = SchemaRegistry()
            registry.map(prefix: url.deletingLastPathComponent().absoluteString, toDirectory: url.deletingLastPathComponent().path)
            do {
                schema = try JSONSchema(document, options: .init(assertsFormat: assertsFormat, registry: registry, baseURI: url.absoluteString))
            } catch {
                print("unreadable: \(schemaPath): unusable schema: \(error)")
                return 2
            }
        }
        var status: Int32 = 0
        func report(_ instance: JSONValue) {
            let result = schema.validate(instance)
            if let first = result.errors.first {
                print("invalid: \(first)")
                status = max(status, 1)
            } else {
                print("valid")
            }
        }
        if let instancePath {
            switch readJSON(instancePath) {
            case .failure(let message):
                print("unreadable: \(message)")
                return 2
            case .success(let instance):
                report(instance)
            }
            return status
        }
        guard let linesPath, let data = FileManager.default.contents(atPath: linesPath) else {
            print("unreadable: \(linesPath ?? ""): cannot read file")
            return 2
        }
        var unreadable = false
        for (offset, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            guard line.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) else { continue }
            do {
                report(try JSONValue(parsing: line))
            } catch {
                print("unreadable: line \(offset + 1): \(error)")
                unreadable = true
            }
        }
        return unreadable ? 2 : status
    }
}

/// Reads and parses a JSON file; the failure is a printable message naming the file.
func readJSON(_ path: String) -> Result<JSONValue, JSONFileError> {
    guard let data = FileManager.default.contents(atPath: path) else {
        return .failure(JSONFileError(message: "\(path): cannot read file"))
    }
    do {
        return .success(try JSONValue(parsing: data))
    } catch {
        return .failure(JSONFileError(message: "\(path): not JSON: \(error)"))
    }
}

/// A JSON file that could not be read or parsed.
struct JSONFileError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
