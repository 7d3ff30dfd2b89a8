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

    /// The name of one test of a case, as the passing lists in `Baselines/` spell it.
    static func name(file: String, group: String, test: String) -> String {
        "\(file) | \(group) | \(test)"
    }

    /// Runs every case and returns (passed, total, failures as readable lines, names of the
    /// passing tests as `name(file:group:test:)` spells them).
    static func run(_ cases: [Case], assertsFormat: Bool) -> (passed: Int, total: Int, failures: [String], passing: Set<String>) {
        var passed = 0
        var total = 0
        var failures: [String] = []
        var passing: Set<String> = []
        // Test names can repeat within a file; the second and later get " #2", " #3"...
        var occurrences: [String: Int] = [:]
        func uniqueName(_ group: Case, _ test: String) -> String {
            let base = name(file: group.file, group: group.description, test: test)
            occurrences[base, default: 0] += 1
            let count = occurrences[base] ?? 1
            return count == 1 ? base : "\(base) #\(count)"
        }
        for group in cases {
            let schema: JSONSchema
            do {
                schema = try JSONSchema(group.schema, options: .init(assertsFormat: assertsFormat, registry: registry))
            } catch {
                total += group.tests.count
                for test in group.tests { _ = uniqueName(group, test.description) }
                failures.append("\(group.file) | \(group.description) | schema rejected: \(error)")
                continue
            }
            for test in group.tests {
                total += 1
                let testName = uniqueName(group, test.description)
                let result = schema.validate(test.data)
                if result.isValid == test.valid {
                    passed += 1
                    passing.insert(testName)
                } else {
                    let detail = result.errors.first.map { " (\($0.keywordLocation) \($0))" } ?? ""
                    failures.append("\(group.file) | \(group.description) | \(test.description): expected \(test.valid ? "valid" : "invalid")\(detail)")
                }
            }
        }
        return (passed, total, failures, passing)
    }

    /// The checked-in names of the tests that passed when `Baselines/<name>.txt` was written,
    /// one a line.
    static func baseline(_ name: String) throws -> Set<String> {
        let url = packageRoot.appendingPathComponent("Tests/JSONSchemaValidationTests/Baselines/\(name).txt")
        let text = try String(contentsOf: url, encoding: .utf8)
        return Set(text.split(separator: "\n").map(String.init))
    }

    /// Writes `passing` as `Baselines/<name>.txt`, sorted (run with `FM_WRITE_BASELINES=1` after
    /// a change that makes more tests pass).
    static func writeBaseline(_ name: String, _ passing: Set<String>) throws {
        let url = packageRoot.appendingPathComponent("Tests/JSONSchemaValidationTests/Baselines/\(name).txt")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(passing.sorted().map { $0 + "\n" }.joined().utf8).write(to: url)
    }

    /// The ratchet: every test in the baseline must still pass (a new failure cannot hide
    /// behind a new pass, as it could when counts were compared). Tests passing that the
    /// baseline lacks are printed so that the baseline can be extended.
    static func checkRatchet(_ name: String, passing: Set<String>) throws -> (regressed: [String], improved: [String]) {
        if ProcessInfo.processInfo.environment["FM_WRITE_BASELINES"] == "1" { try writeBaseline(name, passing) }
        let expected = try baseline(name)
        return (expected.subtracting(passing).sorted(), passing.subtracting(expected).sorted())
    }
}
