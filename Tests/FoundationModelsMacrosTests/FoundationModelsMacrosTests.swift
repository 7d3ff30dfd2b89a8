import Testing
@testable import FoundationModelsMacros

@Suite("FoundationModelsMacros") struct FoundationModelsMacrosSmokeTests {
    @Test func moduleLoads() { #expect(Bool(true)) }
}
