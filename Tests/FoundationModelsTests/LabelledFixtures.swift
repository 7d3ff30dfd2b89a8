import Foundation
import Testing

/// Labelled texts kept as JSON Lines under `Fixtures/` (one JSON object a line), so that the
/// training scripts (`scripts/guardrails`) and the tests read the same files.
enum LabelledFixtures {
    /// A fixture line that is not the JSON object its file promises.
    struct MalformedLine: Error, CustomStringConvertible {
        var file: String
        var line: Int
        var reason: String
        var description: String { "\(file):\(line): \(reason)" }
    }

    /// Decodes every line of `Fixtures/<path>.jsonl` as `Row`; empty lines are errors too.
    static func rows<Row: Decodable>(_ path: String, as _: Row.Type = Row.self) throws -> [Row] {
        let file = "Fixtures/\(path).jsonl"
        guard let url = Bundle.module.url(forResource: path, withExtension: "jsonl", subdirectory: "Fixtures") else {
            throw MalformedLine(file: file, line: 0, reason: "not in the test bundle")
        }
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        let decoder = JSONDecoder()
        return try lines.enumerated().map { offset, line in
            do {
                return try decoder.decode(Row.self, from: Data(line.utf8))
            } catch {
                throw MalformedLine(file: file, line: offset + 1, reason: "\(error)")
            }
        }
    }
}

/// One labelled guardrail set (`Fixtures/Guardrails/<name>.jsonl`): lines of
/// `{"label": "benign"|"harmful", "category": ..., "section": ..., "text": ...}`.
///
/// Sets named `training-*` are classifier training data (`scripts/guardrails/train.py` reads
/// them); sets named `blind-*` were written by helpers who never saw the policy, and no script
/// reads them, so they are the only honest test of unseen text.
struct LabelledGuardrailSet {
    struct Row: Decodable {
        var label: String
        var category: String?
        var section: String?
        var text: String
    }

    static let categories: Set<String> = ["violentWrongdoing", "selfHarm", "sexualContentInvolvingMinors", "hate"]

    var name: String
    var benign: [String]
    var harmful: [(category: String, text: String)]

    /// Loads and checks `Fixtures/Guardrails/<name>.jsonl`: every harmful row names one of
    /// `categories`, every row is `benign` or `harmful`.
    init(_ name: String) throws {
        self.name = name
        benign = []
        harmful = []
        for (offset, row) in try LabelledFixtures.rows("Guardrails/\(name)", as: Row.self).enumerated() {
            switch (row.label, row.category) {
            case ("benign", nil): benign.append(row.text)
            case ("harmful", let category?) where Self.categories.contains(category): harmful.append((category, row.text))
            default:
                throw LabelledFixtures.MalformedLine(
                    file: "Fixtures/Guardrails/\(name).jsonl", line: offset + 1,
                    reason: "label '\(row.label)' with category '\(row.category ?? "none")'")
            }
        }
    }
}
