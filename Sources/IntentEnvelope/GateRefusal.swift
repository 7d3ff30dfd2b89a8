import JSONSchemaValidation

/// Why the gate will not perform an envelope: the rule of seed 004 that it breaks.
public struct GateRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Rule: Sendable, Equatable {
        /// `complete` is false: generation has not finished, fields may still change.
        case incomplete
        /// `schemaVersion` is not the intent's current version and no registered migration leads there.
        case schemaVersionMismatch(expected: Int, found: Int)
        /// A foundation-models envelope's `parameters` has a key its `content` does not:
        /// something other than the model wrote it.
        case parameterNotInContent(key: String)
        /// An app-intent envelope carries model fields (`sessionId`, `generable`, `content`);
        /// the system path has no session, so such values were invented.
        case appIntentMustNotCarryModelFields([String])
        /// A foundation-models envelope has no `content` to project from.
        case contentMissing
        /// A complete envelope has `parameters: null`.
        case parametersMissing
        /// No intent with the envelope's `intent` name is registered.
        case unknownIntent(String)
        /// `parameters` violates the intent's parameter schema (paths are inside `parameters`).
        case parametersViolateSchema([ValidationError])
        /// The envelope JSON violates the seed's envelope schema.
        case malformedEnvelope([ValidationError])
        /// A registered migration threw or did not advance the version.
        case migrationFailed(from: Int, reason: String)
    }

    public let rule: Rule

    public init(_ rule: Rule) { self.rule = rule }

    /// A stable identifier for the rule, as printed by `fm envelope check`.
    public var ruleName: String {
        switch rule {
        case .incomplete: "incomplete"
        case .schemaVersionMismatch: "schemaVersionMismatch"
        case .parameterNotInContent: "parameterNotInContent"
        case .appIntentMustNotCarryModelFields: "appIntentMustNotCarryModelFields"
        case .contentMissing: "contentMissing"
        case .parametersMissing: "parametersMissing"
        case .unknownIntent: "unknownIntent"
        case .parametersViolateSchema: "parametersViolateSchema"
        case .malformedEnvelope: "malformedEnvelope"
        case .migrationFailed: "migrationFailed"
        }
    }

    public var description: String {
        let reason: String
        switch rule {
        case .incomplete:
            reason = "complete is false; perform() waits until generation has finished"
        case .schemaVersionMismatch(let expected, let found):
            reason = "schemaVersion is \(found) but the intent is at version \(expected); an old envelope replays only through a registered migration"
        case .parameterNotInContent(let key):
            reason = "parameters key '\(key)' (/parameters/\(JSONPointer.escape(key))) is not in content; the model did not write it"
        case .appIntentMustNotCarryModelFields(let fields):
            reason = "source app-intent must have null \(fields.joined(separator: ", ")); no session or content is invented for a system call"
        case .contentMissing:
            reason = "source foundation-models needs content to project parameters from"
        case .parametersMissing:
            reason = "parameters is null; project parameters from the finished content first"
        case .unknownIntent(let name):
            reason = "no intent named '\(name)' is registered"
        case .parametersViolateSchema(let errors):
            reason = "parameters violate the intent's schema: " + errors.map { "/parameters\($0.instancePath): \($0.message)" }.joined(separator: "; ")
        case .malformedEnvelope(let errors):
            reason = "not a valid envelope: " + errors.map(\.description).joined(separator: "; ")
        case .migrationFailed(let version, let why):
            reason = "migration from schemaVersion \(version) failed: \(why)"
        }
        return "\(ruleName): \(reason)"
    }
}
