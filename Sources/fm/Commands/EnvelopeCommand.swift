import ArgumentParsing

/// `fm envelope`: the seed-004 exchange envelope between model output and App-Intent-style actions.
struct EnvelopeCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "envelope", abstract: "Check, diff and replay seed-004 envelopes.",
            subcommands: [EnvelopeCheckCommand.self, EnvelopeDiffCommand.self, EnvelopeReplayCommand.self,
                          EnvelopeJournalAppendCommand.self])
    }
}
