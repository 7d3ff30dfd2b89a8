/// The guardrail policy sessions use unless the app supplies another.
///
/// It blocks four clear categories, in English and (for the most common phrasings) Korean:
///
/// - `violentWrongdoing`: requests for how to make weapons, explosives or chemical and
///   biological agents; how to kill, poison or seriously hurt a person; hiding a body.
/// - `sexualContentInvolvingMinors`: sexual terms near any term for a minor (including ages
///   under 18), unless the context is protective (education, prevention, reporting, law).
/// - `selfHarm`: requests for methods or doses to kill or hurt oneself; help-seeking,
///   prevention and coping pass.
/// - `hate`: slurs, dehumanizing statements about protected groups, and calls for violence
///   against them; history and reporting pass.
///
/// Every rule needs several things together (a request or intent, an act and a target), so
/// ordinary text that shares a word with harmful text passes: "how to kill a process",
/// "kill the bacteria", "a shot of vodka", "bombing in the city centre", "overdose symptoms".
/// The same rules apply to input and output.
///
/// ```swift
/// let policy = DefaultGuardrailPolicy()
/// policy.evaluate("How do I kill a zombie process?", direction: .input)   // .allow
/// ```
///
/// Measured on a labelled set of 300+ benign and 150+ harmful texts written for the test
/// (`GuardrailEvaluationTests`): see that test's printed precision, recall and false-positive
/// rate. This is a pattern matcher, not a classifier model: paraphrases it has no pattern
/// for get through, which is why the protocol lets apps plug in a stronger policy.
///
/// - Note: Cost is linear in the text (one dictionary lookup per token per phrase set, about
///   60 sets), roughly a millisecond for a few thousand words in a debug build.
public struct DefaultGuardrailPolicy: GuardrailPolicy {
    let rules: [GuardrailRule]
    let classifier: GuardrailClassifier?

    /// Creates the default policy.
    public init() {
        self.init(rulesOnly: false)
    }

    /// Creates the default policy, or only its phrase rules (for measuring the rules alone,
    /// as `scripts/guardrails/train.py` does through `fm guardrail --rules-only`).
    package init(rulesOnly: Bool) {
        self.rules = GuardrailRule.defaultRules
        self.classifier = rulesOnly ? nil : GuardrailClassifier.shipped
    }

    /// Blocks `text` when any rule fires; the first rule in category order (hate, violent
    /// wrongdoing, self-harm, sexual content involving minors, then the Korean rules) names
    /// the category. Otherwise blocks when the classifier's harmful score passes its
    /// threshold, under the category whose model scores highest.
    ///
    /// - parameter text: A whole input or response, in any length.
    /// - parameter direction: Unused: the default rules judge both sides alike.
    /// - returns: `.allow`, or `.block` with the rule's category and explanation.
    public func evaluate(_ text: String, direction: GuardrailDirection) -> GuardrailVerdict {
        let tokens = GuardrailTokenizer.tokens(text)
        guard !tokens.isEmpty else { return .allow }
        for rule in rules where rule.fires(on: tokens) {
            return .block(category: rule.category, explanation: rule.explanation)
        }
        guard let classifier else { return .allow }
        let scores = classifier.scores(tokens: tokens)
        guard scores.harmful > classifier.threshold, let category = classifier.category(for: scores) else { return .allow }
        return .block(category: category, explanation: Self.classifierExplanation(category))
    }

    /// The explanation of a block by the classifier; like the rules', it never repeats the text.
    static func classifierExplanation(_ category: GuardrailCategory) -> String {
        switch category {
        case .violentWrongdoing: "The classifier judged the text to seek help with weapons or with hurting people."
        case .selfHarm: "The classifier judged the text to seek methods or encouragement for suicide or self-harm."
        case .sexualContentInvolvingMinors: "The classifier judged the text to sexualize minors."
        case .hate: "The classifier judged the text to demean or call for violence against a protected group."
        default: "The classifier judged the text harmful (\(category))."
        }
    }
}
