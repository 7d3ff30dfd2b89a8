import Foundation
import Testing
@testable import LocalInference

/// Largest difference allowed between our logits and llama.cpp's at llama.cpp's top-5 ids,
/// teacher-forced. Both quantize activations to 8 bits the same way; the rest is float
/// summation order and llama.cpp's F16 KV cache.
let maxTopLogitError: Float = 0.35

@Suite("Model forward pass against llama.cpp") struct ModelForwardTests {
    @Test(arguments: ["smollm2", "gemma3"])
    func greedyContinuationsMatchLlamaCpp(fixtureName: String) throws {
        let fixture = try ModelFixture.load(fixtureName)
        let model = try LoadedModels.model(fixtureName)
        let context = try InferenceContext(model: model, contextLength: 256)
        var mismatches: [String] = []
        for case let c in fixture.continuations {
            try context.evaluate(c.prompt_ids)
            var generated: [Int32] = []
            for _ in 0..<c.greedy_ids.count {
                let next = argmax(context.logits())
                generated.append(next)
                try context.append(next)
            }
            if generated != c.greedy_ids {
                let at = generated.indices.first { generated[$0] != c.greedy_ids[$0] } ?? 0
                mismatches.append("\(c.prompt.debugDescription): first difference at \(at)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test(arguments: ["smollm2", "gemma3"])
    func teacherForcedTop5MatchesLlamaCpp(fixtureName: String) throws {
        let fixture = try ModelFixture.load(fixtureName)
        let model = try LoadedModels.model(fixtureName)
        let context = try InferenceContext(model: model, contextLength: 256)
        let ids = fixture.teacher_forced.ids
        var worst: Float = 0
        var top1Mismatches = 0
        for (position, expected) in fixture.teacher_forced.top5.enumerated() {
            try context.evaluate(Array(ids[...position]))
            let logits = context.logits()
            for (id, value) in zip(expected.ids, expected.logits) { worst = max(worst, abs(logits[Int(id)] - value)) }
            if argmax(logits) != expected.ids[0] && expected.logits[0] - expected.logits[1] > 0.05 { top1Mismatches += 1 }
        }
        #expect(worst <= maxTopLogitError, "worst top-5 logit difference \(worst)")
        #expect(top1Mismatches == 0)
    }
}
