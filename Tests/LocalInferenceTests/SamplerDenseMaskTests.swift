import Testing
@testable import LocalInference

/// Greedy choice under a dense mask reads the bitmask directly instead of gathering candidates;
/// it must pick exactly what the candidate path picks.
@Suite("Sampler: greedy under a dense mask")
struct SamplerDenseMaskTests {
    @Test func picksTheBestAllowedLowestIdOnTies() {
        let logits: [Float] = [9, 1, 5, 5, 3, 9, 2]
        var mask = TokenBitmask(vocabularySize: 7, allowing: true)
        mask.remove(0)
        #expect(Sampler.bestAllowed(in: logits, allowed: mask) == 5)
        mask.remove(5)
        #expect(Sampler.bestAllowed(in: logits, allowed: mask) == 2)   // 2 and 3 tie: the lower id
        #expect(Sampler.bestAllowed(in: logits, allowed: TokenBitmask(vocabularySize: 7, allowing: false)) == -1)
    }

    @Test func agreesWithChooseOverCandidates() {
        // 300 tokens over five mask words, pseudo-random logits with repeats, every 7th token out.
        let logits = (0..<300).map { Float(($0 * 37) % 101) }
        var mask = TokenBitmask(vocabularySize: 300, allowing: true)
        for id in stride(from: 0, to: 300, by: 7) { mask.remove(Int32(id)) }
        let candidates = mask.tokens
        var gathered = candidates.map { logits[Int($0)] }
        var greedy = Sampler(.greedy)
        let index = greedy.choose(&gathered)
        #expect(Sampler.bestAllowed(in: logits, allowed: mask) == candidates[index])
    }

    @Test func idsPastTheLogitsAreIgnoredAndNaNChoosesNothing() {
        var mask = TokenBitmask(vocabularySize: 128, allowing: false)
        mask.insert(1)
        mask.insert(100)
        #expect(Sampler.bestAllowed(in: [0, 4, 8], allowed: mask) == 1)
        #expect(Sampler.bestAllowed(in: [0, .nan, 8], allowed: mask) == -1)
    }
}
