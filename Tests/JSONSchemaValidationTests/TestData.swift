import Foundation
@testable import JSONSchemaValidation

/// Locates the shared test data beside the package root (`<root>/../shared/testdata`).
enum TestData {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let suite = packageRoot.appendingPathComponent("../shared/testdata/json-schema-test-suite").standardizedFileURL

    /// A registry that serves `http://localhost:1234/` from the suite's `remotes` folder.
    static var registry: SchemaRegistry {
        var registry = SchemaRegistry()
        registry.map(prefix: "http://localhost:1234/", toDirectory: suite.appendingPathComponent("remotes").path)
        return registry
    }

    struct Case {
        let file: String
        let description: String
        let schema: JSONValue
        let tests: [(description: String, data: JSONValue, valid: Bool)]
    }

    /// Every test group in the `.json` files directly under `directory`.
    static func cases(in directory: URL) throws -> [Case] {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        var cases: [Case] = []
        for file in files {
            let data = try Data(contentsOf: directory.appendingPathComponent(file))
            let document = try JSONValue(parsing: data)
            for group in document.array ?? [] {
                let tests = (group["tests"]?.array ?? []).map {
                    (description: $0["description"]?.string ?? "", data: $0["data"] ?? .null, valid: $0["valid"]?.bool ?? false)
                }
                cases.append(Case(file: file, description: group["description"]?.string ?? "",
                                  schema: group["schema"] ?? .null, tests: tests))
            }
        }
        return cases
    }

    /// Runs every case and returns (passed, failures as readable lines).
    static func run(_ cases: [Case], assertsFormat: Bool) -> (passed: Int, total: Int, failures: [String]) {
        var passed = 0
        var total = 0
        var failures: [String] = []
        for group in cases {
            let schema: JSONSchema
            do {
                schema = try JSONSchema(group.schema, options: .init(assertsFormat: assertsFormat, registry: registry))
            } catch {
                total += group.tests.count
                failures.append("\(group.file) | \(group.description) | schema rejected: \(error)")
                continue
            }
            for test in group.tests {
                total += 1
                let result = schema.validate(test.data)
                if result.isValid == test.valid {
                    passed += 1
                } else {
                    let detail = result.errors.first.map { " (\($0.keywordLocation) \($0))" } ?? ""
                    failures.append("\(group.file) | \(group.description) | \(test.description): expected \(test.valid ? "valid" : "invalid")\(detail)")
                }
            }
        }
        return (passed, total, failures)
    }
}
