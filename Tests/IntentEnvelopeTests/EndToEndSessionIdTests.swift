import FoundationModels
@testable import IntentEnvelope
import Testing

/// `LanguageModelSession.envelopeSessionId`: stable per session, never shared, and the side
/// table that holds the ids does not grow with sessions that are gone. Sessions load no model
/// until they respond, so these run without one.
@Suite("Envelope session ids") struct EndToEndSessionIdTests {
    @Test func idIsStableForASessionAndDiffersBetweenSessions() {
        let first = LanguageModelSession()
        let second = LanguageModelSession(instructions: "Same model, another conversation.")
        let id = first.envelopeSessionId
        #expect(id.wholeMatch(of: /lm_[0-9a-f]{32}/) != nil, "id \(id) is not lm_ and 32 lowercase hex digits")
        #expect(first.envelopeSessionId == id)
        #expect(second.envelopeSessionId != id)
    }

    @Test func freedSessionsDoNotPassTheirIdsOnOrAccumulate() {
        var seen: Set<String> = []
        for _ in 0..<1_000 {
            // Each session is freed at the end of the iteration, so the allocator may hand its
            // address (its ObjectIdentifier) to the next one.
            let session = LanguageModelSession()
            seen.insert(session.envelopeSessionId)
        }
        #expect(seen.count == 1_000)
        // Dead entries are swept when the table reaches its threshold (64 while fewer than 32
        // sessions with ids are alive; only these suites ask for ids, a few at a time).
        #expect(EnvelopeSessionIds.shared.count <= 64)
    }
}
