import Foundation
import Testing
@testable import JSONSchemaValidation

/// The official JSON-Schema-Test-Suite, draft 2020-12.
@Suite("JSON-Schema-Test-Suite draft2020-12") struct JSONSchemaTestSuiteTests {
    @Test func requiredTestsAllPass() throws {
        let cases = try TestData.cases(in: TestData.suite.appendingPathComponent("tests/draft2020-12"))
        let (passed, total, failures) = TestData.run(cases, assertsFormat: false)
        print("JSON-Schema-Test-Suite draft2020-12 required: \(passed)/\(total) passed")
        for failure in failures { print("  FAIL \(failure)") }
        #expect(total > 1000)
        #expect(failures.isEmpty)
    }

    /// `optional/` (minus `format/`): reported, with a ratchet so regressions fail.
    @Test func optionalTestsReport() throws {
        let cases = try TestData.cases(in: TestData.suite.appendingPathComponent("tests/draft2020-12/optional"))
        let (passed, total, failures) = TestData.run(cases, assertsFormat: false)
        print("JSON-Schema-Test-Suite draft2020-12 optional: \(passed)/\(total) passed")
        for failure in failures { print("  optional FAIL \(failure)") }
        #expect(passed >= Self.optionalBaseline)
    }

    /// `optional/format/` with format assertion on: reported separately, with a ratchet.
    @Test func formatTestsReport() throws {
        let cases = try TestData.cases(in: TestData.suite.appendingPathComponent("tests/draft2020-12/optional/format"))
        let (passed, total, failures) = TestData.run(cases, assertsFormat: true)
        print("JSON-Schema-Test-Suite draft2020-12 optional/format (assertion): \(passed)/\(total) passed")
        for failure in failures { print("  format FAIL \(failure)") }
        #expect(passed >= Self.formatBaseline)
    }

    static let optionalBaseline = 162
    static let formatBaseline = 764
}
