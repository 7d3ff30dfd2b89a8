import Foundation
import JSONSchemaValidation

/// `fm jsonschema bench`: how fast schemas are prepared and instances validated, over the
/// official test suite's schemas and instances (scripts/bench-jsonschema.sh runs the Python
/// `jsonschema` package on the same data and prints both).
struct JSONSchemaBenchCommand: Command {
    static let name = "jsonschema bench"
    static let abstract = "Benchmark schema preparation and validation on the JSON-Schema-Test-Suite"
    static let usage = """
        USAGE: fm jsonschema bench --suite SUITE_DIR [--rounds N] [--no-schema-check]

        SUITE_DIR is a JSON-Schema-Test-Suite checkout; its tests/draft2020-12/*.json are used,
        with http://localhost:1234/ served from its remotes/. Prints one line:
        fm: <groups> schemas, <µs>/schema prepared; <instances> instances x <rounds>, <µs>/instance
        --no-schema-check skips checking each schema against the meta-schema while preparing.
        """

    let suite: String
    let rounds: Int
    let checksSchemas: Bool

    init(arguments: inout ArgumentList) throws {
        guard let suite = try arguments.option("--suite") else { throw UsageError("missing --suite") }
        self.suite = suite
        rounds = try arguments.option("--rounds", as: Int.self) ?? 20
        checksSchemas = !arguments.flag("--no-schema-check")
        guard rounds > 0 else { throw UsageError("--rounds must be positive") }
        guard try arguments.positionals().isEmpty else { throw UsageError("unexpected arguments") }
    }

    func run() async throws -> Int32 {
        let directory = URL(fileURLWithPath: suite).appendingPathComponent("tests/draft2020-12")
        var registry = SchemaRegistry()
        registry.map(prefix: "http://localhost:1234/", toDirectory: URL(fileURLWithPath: suite).appendingPathComponent("remotes").path)
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path).filter({ $0.hasSuffix(".json") }).sorted() else {
            print("unreadable: \(directory.path)")
            return 2
        }
        var groups: [(schema: JSONValue, instances: [JSONValue])] = []
        for file in files {
            guard case .success(let document) = readJSON(directory.appendingPathComponent(file).path) else { continue }
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
        print(String(format: "fm: %d schemas, %.1f µs/schema prepared; %d instances x %d, %.2f µs/instance (%d valid)",
                     schemas.count, microseconds(prepare) / Double(max(1, schemas.count)), instances, rounds,
                     microseconds(validate) / Double(max(1, validations)), valid / rounds))
        return 0
    }
}
