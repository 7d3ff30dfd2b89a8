import Testing
@testable import LocalInference

@Suite("LocalInference") struct LocalInferenceSmokeTests {
    @Test func moduleLoads() { #expect(Bool(true)) }
}
