import Testing
@testable import FoundationModels

@Suite("FoundationModels") struct FoundationModelsSmokeTests {
    @Test func moduleLoads() { #expect(Bool(true)) }
}
