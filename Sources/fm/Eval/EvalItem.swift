import JSONCore

/// One task of `fm eval`: a prompt, the JSON Schema its answer must follow (so every model's
/// answer parses), and how the answer is scored, exactly.
struct EvalItem: Sendable {
    /// How an answer is scored: 1 or 0, no partial credit, no judgement.
    enum Scoring: Sendable {
        /// Every listed property equals the expected value.
        case fields([String: JSONValue])
        /// The string array property holds exactly these codes (any order); codes not in
        /// `allowed` are counted as invented.
        case codes(property: String, expected: Set<String>, allowed: Set<String>)
        /// The string property contains every one of these words (case-insensitive).
        case containsWords(property: String, words: [String])
    }

    let id: String
    /// The seed task it comes from, for the report.
    let kind: String
    let instructions: String
    let prompt: String
    let schema: JSONValue
    let scoring: Scoring
}
