/// One pattern of harmful intent: groups of phrases that must all occur close together,
/// optionally with request framing nearby, and with no excusing context nearby.
///
/// Single words are never enough. "Kill" blocks nothing by itself; "how to" + "kill" +
/// "my neighbour" does, while "how to kill a process" does not (no person), and "kill the
/// bacteria" does not (no person, no request framing). Exclusions carry the benign readings
/// that share the same words: "bath bomb", "suicide prevention", "sex education".
package struct GuardrailRule: Sendable {
    package var category: GuardrailCategory
    package var explanation: String
    /// Each group must match somewhere within `window` tokens of the first group's match.
    package var groups: [GuardrailPhraseSet]
    package var window: Int
    /// When set, a framing phrase must start within `framingReach` tokens before the match,
    /// or inside it, or just after it.
    package var framing: GuardrailPhraseSet?
    package var framingReach: Int
    /// A match of any of these within `exclusionReach` tokens of the match cancels it.
    package var exclusions: GuardrailPhraseSet
    package var exclusionReach: Int

    package init(
        _ category: GuardrailCategory,
        _ explanation: String,
        groups: [GuardrailPhraseSet],
        window: Int = 8,
        framing: GuardrailPhraseSet? = nil,
        framingReach: Int = 12,
        exclusions: GuardrailPhraseSet = GuardrailPhraseSet([]),
        exclusionReach: Int = 12
    ) {
        self.category = category
        self.explanation = explanation
        self.groups = groups
        self.window = window
        self.framing = framing
        self.framingReach = framingReach
        self.exclusions = exclusions
        self.exclusionReach = exclusionReach
    }

    /// Whether the rule fires on `tokens`.
    package func fires(on tokens: [String]) -> Bool {
        guard let first = groups.first else { return false }
        let otherMatches = groups.dropFirst().map { $0.matches(in: tokens) }
        if otherMatches.contains(where: \.isEmpty) { return false }
        let framingMatches = framing?.matches(in: tokens)
        if let framingMatches, framingMatches.isEmpty { return false }
        let exclusionMatches = exclusions.matches(in: tokens)

        for anchor in first.matches(in: tokens) {
            var lower = anchor.start
            var upper = anchor.end
            var allNear = true
            for matches in otherMatches {
                guard let near = matches.first(where: { abs($0.start - anchor.start) <= window }) else {
                    allNear = false
                    break
                }
                lower = min(lower, near.start)
                upper = max(upper, near.end)
            }
            guard allNear else { continue }
            if let framingMatches {
                let reach = (lower - framingReach)...(upper + 2)
                guard framingMatches.contains(where: { reach.contains($0.start) }) else { continue }
            }
            let excused = (lower - exclusionReach)...(upper + exclusionReach)
            if exclusionMatches.contains(where: { excused.contains($0.start) }) { continue }
            return true
        }
        return false
    }
}
