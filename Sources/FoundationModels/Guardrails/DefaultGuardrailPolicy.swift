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
/// Rules alone generalized poorly: on the last batch written before they saw it (training
/// batch 3, `Tests/FoundationModelsTests/Fixtures/Guardrails`) they caught 50% of harmful
/// texts, 69% after a revision against batch 2. The classifier is trained on those four sets
/// plus a corpus of 4,720 texts written by six writers blind to the rules and every test set
/// (`scripts/guardrails/corpus`).
///
/// Judged on three batches written blind to the policy and never trained on
/// (`GuardrailBlindBatchesTests`): 90.1%, 92.9% and 89.5% recall, 329 of 362 harmful texts
/// together (90.9%), with 1.7%, 0.9% and 0.0% false positives on their benign texts, most of
/// them hard negatives. Rules alone caught 46.3% of the first of these batches.
///
/// Leave-one-source-out (`scripts/guardrails/train.py evaluate`: each held-out set and each
/// corpus writer held out in turn, fitted on the rest, threshold from out-of-fold scores for at
/// most 1% benign false positives on the training sources) shows the limit: a writer's style no
/// other source shows is caught far less often. Rules + classifier, recall / benign FP:
///
/// | held-out source        | classifier alone     | rules + classifier   |
/// |------------------------|----------------------|----------------------|
/// | HeldOutSet (60 / 119)  | 68.3%, FP 0.0%       | 100%, FP 0.0%        |
/// | Batch2 (35 / 60)       | 80.0%, FP 0.0%       | 100%, FP 0.0%        |
/// | Batch3 (42 / 62)       | 88.1%, FP 0.0%       | 97.6%, FP 0.0%       |
/// | writer-a (500 / 350)   | 44.2%, FP 0.3%       | 59.8%, FP 1.1%       |
/// | writer-b (500 / 350)   | 68.4%, FP 0.6%       | 74.0%, FP 1.4%       |
/// | writer-c (240 / 500)   | 68.3%, FP 0.0%       | 72.5%, FP 0.4%       |
/// | writer-d (360 / 400)   | 60.8%, FP 0.0%       | 68.9%, FP 0.8%       |
/// | writer-e (360 / 400)   | 90.0%, FP 3.2%       | 90.8%, FP 4.8%       |
/// | writer-f (360 / 400)   | 54.7%, FP 0.0%       | 58.3%, FP 0.8%       |
/// | probe (30 / 40)        | 70.0%, FP 0.0%       | 70.0%, FP 0.0%       |
///
/// Holding out writer-a removes most violent and self-harm training texts, writer-b most
/// minors and hate texts; writer-f writes simple English and coded language, writer-e long
/// formal messages. The shipped weights are fitted on every source but the probe, so the test
/// numbers of `GuardrailEvaluationTests` are training numbers. Paraphrases far from the
/// training wording still get through, which is why the protocol lets apps plug in a stronger
/// policy.
///
/// - Note: Cost is linear in the text: one dictionary lookup per token per phrase set (about 60
///   sets), then the classifier's windows (each token in two to four). About 23 ms per thousand
///   words in a debug build, 8 ms of it the classifier's (`fm guardrail --lines` on the 2,440
///   corpus texts, 32,000 words: 0.75 s, 0.5 s with `--rules-only`).
public struct DefaultGuardrailPolicy: GuardrailPolicy {
    let rules: [GuardrailRule]
    /// Nil when only the rules are asked for; a failure when the shipped weights could not be
    /// loaded, in which case every text the rules let through is blocked with the reason
    /// (failing closed: a policy that silently lost its classifier would let harm through).
    let classifier: Result<GuardrailClassifier, GuardrailWeightsError>?

    /// Creates the default policy.
    ///
    /// Should the classifier's weights (the resource `guardrail-weights.tsv`) be missing or
    /// corrupt, a packaging problem, the policy blocks every text its rules let through and
    /// names the reason in the explanation, rather than run without its classifier.
    public init() {
        self.init(rulesOnly: false)
    }

    /// Creates the default policy, or only its phrase rules (for measuring the rules alone,
    /// as `scripts/guardrails/train.py` does through `fm guardrail --rules-only`).
    package init(rulesOnly: Bool) {
        self.init(rules: GuardrailRule.defaultRules, classifier: rulesOnly ? nil : GuardrailClassifier.shipped)
    }

    /// A policy of `rules` and then `classifier` (nil: rules only).
    init(rules: [GuardrailRule], classifier: Result<GuardrailClassifier, GuardrailWeightsError>?) {
        self.rules = rules
        self.classifier = classifier
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
        let classifier: GuardrailClassifier
        switch self.classifier {
        case nil: return .allow
        case .success(let loaded): classifier = loaded
        case .failure(let error): return .block(category: .unavailableClassifier, explanation: "The guardrail classifier could not be loaded (\(error)).")
        }
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

extension GuardrailCategory {
    /// The default policy's classifier weights could not be loaded, so text its rules let
    /// through is blocked rather than passed unchecked.
    package static let unavailableClassifier = GuardrailCategory("unavailableClassifier")
}
