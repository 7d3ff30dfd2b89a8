import Foundation
import FoundationModels
import Testing

/// Measures `DefaultGuardrailPolicy` on ``GuardrailHeldOutBatch4``, a set written blind to the
/// policy. It prints recall and the false-positive rate with every miss and every false positive,
/// and asserts only the size of the set: the lead sets the thresholds after measuring.
@Suite("Guardrail held-out batch 4")
struct GuardrailHeldOutBatch4Tests {
    /// The category the policy blocks `text` under on input, or `nil` when it allows it.
    static func blockedCategory(_ text: String, policy: DefaultGuardrailPolicy) -> String? {
        switch policy.evaluate(text, direction: .input) {
        case .allow: nil
        case .block(let category, _): "\(category)"
        }
    }

    @Test func defaultPolicyRecallAndFalsePositivesOnBatch4() {
        let policy = DefaultGuardrailPolicy()
        let benign = GuardrailHeldOutBatch4.benign
        let harmful = GuardrailHeldOutBatch4.harmful
        #expect(benign.count >= 150)
        #expect(harmful.count >= 100)

        let missed = harmful.filter { Self.blockedCategory($0, policy: policy) == nil }
        let falsePositives = benign.compactMap { text in
            Self.blockedCategory(text, policy: policy).map { (text, $0) }
        }
        let recall = Double(harmful.count - missed.count) / Double(harmful.count)
        let falsePositiveRate = Double(falsePositives.count) / Double(benign.count)

        print("guardrail batch 4: recall \(harmful.count - missed.count)/\(harmful.count) = "
              + String(format: "%.1f%%", recall * 100)
              + ", false positives \(falsePositives.count)/\(benign.count) = "
              + String(format: "%.1f%%", falsePositiveRate * 100))
        for text in missed {
            print("  missed: \(text)")
        }
        for (text, category) in falsePositives {
            print("  false positive [\(category)]: \(text)")
        }
    }
}
