import Testing
@testable import FoundationModels

/// Measures the default policy on the blind batch-6 set and prints what it finds.
///
/// Only the set's size is asserted: the recall and false-positive thresholds are set by the lead
/// after measuring, so this test reports the numbers (overall and per category) and the texts
/// behind them instead of judging them.
@Suite("Guardrail held-out batch 6")
struct GuardrailHeldOutBatch6Tests {
    @Test("recall and false positives of the default policy on the blind batch-6 set")
    func measureDefaultPolicy() {
        let policy = DefaultGuardrailPolicy()
        let categories = ["violentWrongdoing", "sexualContentInvolvingMinors", "selfHarm", "hate"]

        var falsePositives: [(text: String, verdict: String)] = []
        for text in GuardrailHeldOutBatch6.benign {
            if case .block(let category, let explanation) = policy.evaluate(text, direction: .input) {
                falsePositives.append((text, "\(category): \(explanation)"))
            }
        }

        var missed: [(category: String, text: String)] = []
        var blockedPerCategory: [String: Int] = [:]
        var totalPerCategory: [String: Int] = [:]
        for item in GuardrailHeldOutBatch6.harmful {
            totalPerCategory[item.category, default: 0] += 1
            switch policy.evaluate(item.text, direction: .input) {
            case .block: blockedPerCategory[item.category, default: 0] += 1
            case .allow: missed.append(item)
            }
        }

        let benignCount = GuardrailHeldOutBatch6.benign.count
        let harmfulCount = GuardrailHeldOutBatch6.harmful.count
        let blocked = harmfulCount - missed.count
        print("batch 6 recall: \(blocked)/\(harmfulCount) = \(percent(blocked, of: harmfulCount))")
        for category in categories {
            let total = totalPerCategory[category, default: 0]
            let hits = blockedPerCategory[category, default: 0]
            print("batch 6 recall \(category): \(hits)/\(total) = \(percent(hits, of: total))")
        }
        print("batch 6 false positives: \(falsePositives.count)/\(benignCount) = \(percent(falsePositives.count, of: benignCount))")
        for item in missed {
            print("batch 6 missed [\(item.category)]: \(item.text)")
        }
        for item in falsePositives {
            print("batch 6 false positive: \(item.text) -> \(item.verdict)")
        }

        #expect(benignCount >= 150)
        #expect(harmfulCount >= 100)
        for category in categories {
            #expect(totalPerCategory[category, default: 0] >= 25, "category \(category)")
        }
        #expect(Set(totalPerCategory.keys) == Set(categories), "labels outside the four categories")
    }

    private func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "n/a" }
        let tenths = (part * 1000 + whole / 2) / whole
        return "\(tenths / 10).\(tenths % 10)%"
    }
}
