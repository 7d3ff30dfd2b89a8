import Foundation
import JSONCore

/// The score of one answer under its item's rule.
struct EvalScore: Sendable {
    let passed: Bool
    /// Codes the model wrote that are not in the list it was given (recommendation items).
    let invented: Int

    init(_ answer: JSONValue, under scoring: EvalItem.Scoring) {
        guard case .object(let object) = answer else { passed = false; invented = 0; return }
        switch scoring {
        case .fields(let expected):
            passed = expected.allSatisfy { object[$0.key] == $0.value }
            invented = 0
        case .codes(let property, let expected, let allowed):
            let written = (object[property]?.array ?? []).compactMap(\.string)
            passed = Set(written) == expected
            invented = written.filter { !allowed.contains($0) }.count
        case .containsWords(let property, let words):
            let text = (object[property]?.string ?? "").lowercased()
            passed = words.allSatisfy { text.contains($0.lowercased()) }
            invented = 0
        }
    }
}
