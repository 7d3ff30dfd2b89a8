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
/// Two stages. First, phrase rules (`GuardrailRule.defaultRules`): every rule needs several
/// things together (a request or intent, an act and a target), so ordinary text that shares a
/// word with harmful text passes: "how to kill a process", "kill the bacteria", "a shot of
/// vodka", "bombing in the city centre", "overdose symptoms". Second, when no rule fires, a
/// linear classifier (`GuardrailClassifier`) over words, word pairs and combinations of concept
/// classes (violence verb + person + request framing, group + contempt word, minor + sexual
/// term, ...) catches paraphrases no rule spells out. The same stages apply to input and output.
///
/// ```swift
/// let policy = DefaultGuardrailPolicy()
/// policy.evaluate("How do I kill a zombie process?", direction: .input)   // .allow
/// ```
///
/// Rules alone generalized poorly: on the last batch written before they saw it
/// (`GuardrailHeldOutBatch3`) they caught 50% of harmful texts, 69% after a revision against
/// batch 2. The classifier is measured leave-one-set-out by `scripts/guardrails/train.py
/// evaluate` (fit on three of the four labelled sets, threshold from out-of-fold scores for at
/// most 1% benign false positives, tested on the fourth):
///
/// | held-out set | classifier alone | rules + classifier | false positives (both) |
/// |--------------|------------------|--------------------|------------------------|
/// | HeldOutSet   | 78.3% (47/60)    | 100% (60/60)       | 0.8% (1/119)           |
/// | Batch2       | 94.3% (33/35)    | 100% (35/35)       | 0.0% (0/60)            |
/// | Batch3       | 85.7% (36/42)    | 95.2% (40/42)      | 0.0% (0/62)            |
///
/// Only the classifier column is an honest unseen-text estimate: the rules were written with
/// every set in view. The shipped weights are fitted on all four sets, whose test numbers
/// (`GuardrailEvaluationTests`) are therefore training numbers. Paraphrases far from the
/// labelled sets' wording still get through (about two thirds were caught on a small probe of
/// deliberately unusual phrasings, `scripts/guardrails/probe.jsonl`), which is why the protocol
/// lets apps plug in a stronger policy.
///
/// - Note: Cost is linear in the text: one dictionary lookup per token per phrase set (about 60
///   sets), then the classifier's windows (each token in two to four). About 14 ms per thousand
///   words in a debug build, 5 ms of it the classifier's (`fm guardrail` on 20,000 words).
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
        let scores = classifier.scores(text)
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
