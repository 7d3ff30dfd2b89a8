import Testing
@testable import JSONSchemaValidation

@Suite("JSONSchemaValidation") struct JSONSchemaValidationSmokeTests {
    @Test func moduleLoads() { #expect(Bool(true)) }
}
