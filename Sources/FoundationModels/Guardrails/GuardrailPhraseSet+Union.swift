extension GuardrailPhraseSet {
    /// This set with `more` phrases added: rules share a base vocabulary (exclusions, framing)
    /// and extend it with the benign readings particular to their own lexicon.
    package func union(_ more: [String]) -> GuardrailPhraseSet {
        GuardrailPhraseSet(phrases + more)
    }
}
