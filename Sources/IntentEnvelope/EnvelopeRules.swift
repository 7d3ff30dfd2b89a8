import JSONCore

/// The seed's rules that need no intent, shared by `ExecutionGate` and `fm envelope check`.
public enum EnvelopeRules {
    /// The first rule `envelope` breaks, in the order: complete, schema version (when
    /// `currentSchemaVersion` is given), source rules, parameters present. Nil when none.
    public static func refusal(for envelope: Envelope, currentSchemaVersion: Int? = nil) -> GateRefusal? {
        guard envelope.complete else { return GateRefusal(.incomplete) }
        if let currentSchemaVersion, envelope.schemaVersion != currentSchemaVersion {
            return GateRefusal(.schemaVersionMismatch(expected: currentSchemaVersion, found: envelope.schemaVersion))
        }
        return sourceRefusal(for: envelope)
    }

    /// Source rules and parameter presence (everything but completeness and version).
    static func sourceRefusal(for envelope: Envelope) -> GateRefusal? {
        switch envelope.source {
        case .appIntent:
            var invented: [String] = []
            if envelope.sessionId != nil { invented.append("sessionId") }
            if envelope.generable != nil { invented.append("generable") }
            if envelope.content != nil { invented.append("content") }
            if !invented.isEmpty { return GateRefusal(.appIntentMustNotCarryModelFields(invented)) }
            guard envelope.parameters != nil else { return GateRefusal(.parametersMissing) }
        case .foundationModels:
            guard let content = envelope.content else { return GateRefusal(.contentMissing) }
            guard let parameters = envelope.parameters else { return GateRefusal(.parametersMissing) }
            for key in parameters.keys where content[key] == nil {
                return GateRefusal(.parameterNotInContent(key: key))
            }
        }
        return nil
    }
}
