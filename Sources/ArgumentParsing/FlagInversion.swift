/// How a flag is turned off explicitly.
public enum FlagInversion: Sendable {
    /// `--no-<name>` sets the flag to false.
    case prefixedNo
}
