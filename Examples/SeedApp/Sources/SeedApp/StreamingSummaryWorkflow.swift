import FoundationModels

/// Seed 000's streaming summary: each snapshot is the whole text so far (assign it, do not
/// append it), which is what the workflow checks.
enum StreamingSummaryWorkflow {
    static let article = """
        The city council approved a plan on Tuesday to add 40 kilometres of protected bike lanes over \
        the next three years. Officials said the lanes will connect the university district with the \
        downtown business area. Local shop owners raised concerns about parking, and the council \
        promised a review after the first year.
        """

    @Sendable static func run() async throws {
        let session = LanguageModelSession(instructions: "Summarize the article in 3 sentences.")
        var snapshots = 0
        var shown = ""
        for try await snapshot in session.streamResponse(
            to: article, options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 80)
        ) {
            try require(snapshot.content.hasPrefix(shown), "snapshot is not cumulative: '\(shown)' then '\(snapshot.content)'")
            shown = snapshot.content   // what a view's `output = partial.content` does
            snapshots += 1
        }
        show("summary (\(snapshots) snapshots):", shown)
        try require(snapshots > 1 && !shown.isEmpty, "the summary did not stream (\(snapshots) snapshots)")
    }
}
