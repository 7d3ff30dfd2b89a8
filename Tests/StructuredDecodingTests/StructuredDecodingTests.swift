import Testing
@testable import StructuredDecoding

@Suite("StructuredDecoding") struct StructuredDecodingSmokeTests {
    @Test func moduleLoads() { #expect(Bool(true)) }
}
