import Foundation
import Testing
@testable import JSONSchemaValidation

/// The official JSON-Schema-Test-Suite, draft 2020-12.
@Suite("JSON-Schema-Test-Suite draft2020-12") struct JSONSchemaTestSuiteTests {
    @Test func requiredTestsAllPass() throws {
        let cases = try TestData.cases(in: TestData.suite.appendingPathComponent("tests/draft2020-12"))
        let (passed, total, failures, _) = TestData.run(cases, assertsFormat: false)
        print("JSON-Schema-Test-Suite draft2020-12 required: \(passed)/\(total) passed")
        for failure in failures { print("  FAIL \(failure)") }
        #expect(total > 1000)
        #expect(failures.isEmpty)
    }

    /// `optional/` (minus `format/`): every test named in `Baselines/optional-passing.txt`
    /// must pass; failures of the others are reported.
    @Test func optionalTestsKeepPassing() throws {
        let cases = try TestData.cases(in: TestData.suite.appendingPathComponent("tests/draft2020-12/optional"))
        let (passed, total, failures, passing) = TestData.run(cases, assertsFormat: false)
        print("JSON-Schema-Test-Suite draft2020-12 optional: \(passed)/\(total) passed")
        for failure in failures { print("  optional FAIL \(failure)") }
        let (regressed, improved) = try TestData.checkRatchet("optional-passing", passing: passing)
        for name in improved { print("  optional newly passing (add to Baselines/optional-passing.txt): \(name)") }
        #expect(regressed.isEmpty, "no longer passing: \(regressed)")
    }

    /// `optional/format/` with format assertion on: every test named in
    /// `Baselines/format-passing.txt` must pass.
    @Test func formatTestsKeepPassing() throws {
        let cases = try TestData.cases(in: TestData.suite.appendingPathComponent("tests/draft2020-12/optional/format"))
        let (passed, total, failures, passing) = TestData.run(cases, assertsFormat: true)
        print("JSON-Schema-Test-Suite draft2020-12 optional/format (assertion): \(passed)/\(total) passed")
        for failure in failures { print("  format FAIL \(failure)") }
        let (regressed, improved) = try TestData.checkRatchet("format-passing", passing: passing)
        for name in improved { print("  format newly passing (add to Baselines/format-passing.txt): \(name)") }
        #expect(regressed.isEmpty, "no longer passing: \(regressed)")
    }
}
