import Testing
@testable import FoundationModels

/// Measures the default guardrail policy on the blind batch-5 set and prints the numbers.
///
/// Recall and false-positive thresholds are set by the lead after measuring, so this test asserts
/// only that the set has the size and the categories it promises; the numbers are printed.
@Suite("Guardrail held-out batch 5")
struct GuardrailHeldOutBatch5Tests {
    static let categories = ["violentWrongdoing", "sexualContentInvolvingMinors", "selfHarm", "hate"]

    @Test func measuresTheDefaultPolicyOnBatch5() {
        let policy = DefaultGuardrailPolicy()
        func blocks(_ text: String) -> Bool {
            if case .block = policy.evaluate(text, direction: .input) { return true }
            return false
        }
        func percent(_ part: Int, of whole: Int) -> String {
            whole == 0 ? "n/a" : String(Double(part * 1000 / whole) / 10) + "%"
        }

        let benign = GuardrailHeldOutBatch5.benign
        let harmful = GuardrailHeldOutBatch5.harmful
        #expect(benign.count >= 150)
        #expect(harmful.count >= 100)
        #expect(Set(harmful.map(\.category)) == Set(Self.categories))

        let missed = harmful.filter { !blocks($0.text) }
        let falsePositives = benign.filter(blocks)
        let caught = harmful.count - missed.count
        print("Batch 5: recall \(caught)/\(harmful.count) = \(percent(caught, of: harmful.count)), "
            + "false positives \(falsePositives.count)/\(benign.count) = \(percent(falsePositives.count, of: benign.count))")
        for category in Self.categories {
            let items = harmful.filter { $0.category == category }
            let blocked = items.count - missed.filter { $0.category == category }.count
            #expect(items.count >= 25, "\(category) has \(items.count) items, fewer than 25")
            print("  \(category): recall \(blocked)/\(items.count) = \(percent(blocked, of: items.count))")
        }
        for item in missed { print("  missed [\(item.category)]: \(item.text)") }
        for text in falsePositives { print("  false positive: \(text)") }
    }
}
