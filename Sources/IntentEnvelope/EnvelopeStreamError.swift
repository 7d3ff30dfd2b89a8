/// Why a stream of snapshots could not become envelopes.
public enum EnvelopeStreamError: Error, Sendable, Equatable {
    /// Generation finished with a value that is not an object (its JSON Schema type is given),
    /// so there is nothing to project parameters from.
    case completedContentIsNotAnObject(String)
}
