import ArgumentParsing

extension UsageError {
    /// `--resume`/`--transcript` with `--instructions`: the transcript already has its own.
    static func transcriptAndInstructions(_ option: String) -> UsageError {
        UsageError("give \(option) or --instructions, not both: the transcript already contains its instructions")
    }
}
