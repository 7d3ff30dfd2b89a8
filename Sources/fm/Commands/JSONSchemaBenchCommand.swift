import ArgumentParsing
import Foundation
import JSONSchemaValidation

/// `fm bench jsonschema`: how fast schemas are prepared and instances validated, over the
/// official test suite's schemas and instances (scripts/bench-jsonschema.sh runs the Python
/// `jsonschema` package on the same data and prints both).
struct JSONSchemaBenchCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "jsonschema",
            abstract: "Benchmark schema preparation and validation on the JSON-Schema-Test-Suite.",
            discussion: """
                <suite> is a JSON-Schema-Test-Suite checkout (../shared/testdata/json-schema-test-suite);
                its tests/draft2020-12/*.json are used, with http://localhost:1234/ served from its
                remotes/. Prints one line:
                fm: <groups> schemas, <µs>/schema prepared; <instances> instances x <rounds>, <µs>/instance
                """)
    }

    @Option(help: "The JSON-Schema-Test-Suite directory.", valueName: "dir")
    var suite: String
    @Option(help: "Validation rounds over every instance.", valueName: "n")
    var rounds = 20
    @Flag(help: "Do not check each schema against the meta-schema while preparing.")
    var noSchemaCheck = false
    @Flag(help: "Print one JSON object instead of a line.")
    var json = false

    var checksSchemas: Bool { !noSchemaCheck }

    func validate() throws {
        guard rounds > 0 else { throw UsageError("--rounds must be at least 1, got \(rounds)") }
    }

    func run() async throws {
        let directory = URL(fileURLWithPath: suite).appendingPathComponent("tests/draft2020-12")
        var registry = SchemaRegistry()
        registry.map(prefix: "http://localhost:1234/", toDirectory: URL(fileURLWithPath: suite).appendingPathComponent("remotes").path)
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path).filter({ $0.hasSuffix(".json") }).sorted() else {
            throw CommandError("cannot read the suite's directory \(directory.path)", status: .noInput)
        }
        var groups: [(schema: JSONValue, instances: [JSONValue])] = []
        for file in files {
            guard let document = try? FileInput.json(directory.appendingPathComponent(file).path) else { continue }
            for group in document.array ?? [] {
                groups.append((group["schema"] ?? .null, (group["tests"]?.array ?? []).compactMap { $0["data"] }))
            }
        }
        let clock = ContinuousClock()
        var schemas: [(JSONSchema, [JSONValue])] = []
        let prepare = clock.measure {
            for group in groups {
                if let schema = try? JSONSchema(group.schema, options: .init(registry: registry, validatesSchema: checksSchemas)) {
                    schemas.append((schema, group.instances))
                }
            }
        }
        var validations = 0
        var valid = 0
        let validate = clock.measure {
            for _ in 0..<rounds {
                for (schema, instances) in schemas {
                    for instance in instances {
                        if schema.validate(instance).isValid { valid += 1 }
                        validations += 1
                    }
                }
            }
        }
        func microseconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
        }
        let instances = validations / rounds
        let perSchema = microseconds(prepare) / Double(max(1, schemas.count))
        let perInstance = microseconds(validate) / Double(max(1, validations))
        if json {
            JSONOutput.write(["schemas": JSONOutput.number(schemas.count), "prepare_us_per_schema": JSONOutput.number(perSchema),
                              "instances": JSONOutput.number(instances), "rounds": JSONOutput.number(rounds),
                              "validate_us_per_instance": JSONOutput.number(perInstance), "valid": JSONOutput.number(valid / rounds)])
        } else {
            Terminal.write(String(format: "fm: %d schemas, %.1f µs/schema prepared; %d instances x %d, %.2f µs/instance (%d valid)\n",
                                  schemas.count, perSchema, instances, rounds, perInstance, valid / rounds))
        }
    }
}
