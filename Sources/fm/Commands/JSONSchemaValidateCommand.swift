import ArgumentParsing
import Foundation
import JSONSchemaValidation

/// `fm jsonschema validate`: checks JSON instances against a draft 2020-12 schema.
struct JSONSchemaValidateCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "validate",
            abstract: "Validate JSON against a JSON Schema (Draft 2020-12).",
            discussion: """
                Prints one line per instance: 'valid' or 'invalid: <instance path>: <reason>'. Relative
                $refs resolve against the schema file's location. Exit status 1 when an instance is
                invalid, 65 for a line that is not JSON or a schema that cannot be used, 66 for a file
                that cannot be read.
                """)
    }

    @Option(help: "The schema.", valueName: "file")
    var schema: String
    @Option(help: "Validate every non-empty line of a JSON Lines file.", valueName: "file")
    var instances: String?
    @Flag(help: "Check 'format' values instead of treating them as annotations.")
    var assertFormat = false
    @Flag(help: "Print one JSON object per instance: {\"valid\": ..., \"errors\": [...]}.")
    var json = false
    @Argument(help: "The instance to validate.", valueName: "instance")
    var instance: String?

    func validate() throws {
        guard (instance == nil) != (instances == nil) else {
            throw UsageError("give either <instance> or --instances <file>")
        }
    }

    func run() async throws {
        let document = try FileInput.json(schema)
        let url = URL(fileURLWithPath: schema).standardizedFileURL
        var registry = SchemaRegistry()
        registry.map(prefix: url.deletingLastPathComponent().absoluteString, toDirectory: url.deletingLastPathComponent().path)
        let compiled: JSONSchema
        do {
            compiled = try JSONSchema(document, options: .init(assertsFormat: assertFormat, registry: registry, baseURI: url.absoluteString))
        } catch {
            throw CommandError("\(schema): unusable schema: \(error)", status: .dataError)
        }
        var anyInvalid = false
        func report(_ value: JSONValue) {
            let result = compiled.validate(value)
            if result.errors.isEmpty {
                if json { JSONOutput.write(["valid": true, "errors": []]) } else { Terminal.write("valid\n") }
            } else {
                anyInvalid = true
                if json {
                    JSONOutput.write(["valid": false, "errors": JSONOutput.strings(result.errors.map(\.description))])
                } else if let first = result.errors.first {
                    Terminal.write("invalid: \(first)\n")
                }
            }
        }
        if let instance {
            report(try FileInput.json(instance))
        } else if let instances {
            let data = try FileInput.data(instances)
            for (offset, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
                guard line.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) else { continue }
                do {
                    report(try JSONValue(parsing: line))
                } catch {
                    throw CommandError("\(instances): line \(offset + 1): \(error)", status: .dataError)
                }
            }
        }
        if anyInvalid { throw ExitCode.failure }
    }
}
