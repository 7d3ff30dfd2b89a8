import Testing
@testable import IntentEnvelope

@Suite("IntentEnvelope") struct IntentEnvelopeSmokeTests {
    @Test func moduleLoads() { #expect(Bool(true)) }
}
