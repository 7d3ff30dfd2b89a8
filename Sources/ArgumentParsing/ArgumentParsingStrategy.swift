/// How a repeated positional takes its words.
public enum ArgumentParsingStrategy: Sendable {
    /// Every remaining word that is not an option.
    case remaining
    /// Every remaining word, options this command does not declare included, in order; for a
    /// command that reads its own ordered flags. `-h`/`--help` before `--` still show help.
    case passthrough
}
