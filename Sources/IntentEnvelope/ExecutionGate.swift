import JSONSchemaValidation

/// The only way to run an `EnvelopeIntent`: checks every rule of seed 004, journals the
/// envelope (fsynced) and then calls `perform` with a `GatePass`.
///
/// ```swift
/// var gate = ExecutionGate(journal: EnvelopeJournal(path: "orders.jsonl"))
/// try gate.register(PlaceOrderIntent())
/// let result = try await gate.perform(envelope)   // throws GateRefusal naming the rule
/// ```
public struct ExecutionGate: Sendable {
    /// Rewrites an envelope of an older `schemaVersion` into the next one it knows.
    public typealias Migration = @Sendable (Envelope) throws -> Envelope

    private struct Registration: Sendable {
        let intent: any EnvelopeIntent
        let parameterSchema: JSONSchema
    }

    private var registrations: [String: Registration] = [:]
    private var migrations: [String: [Int: Migration]] = [:]
    /// Where admitted envelopes are recorded before they are performed (nil: not journaled).
    public let journal: EnvelopeJournal?

    public init(journal: EnvelopeJournal? = nil) {
        self.journal = journal
    }

    /// Makes `intent` performable under its `name`.
    /// - throws: `SchemaError` when the intent's parameter schema cannot be prepared.
    public mutating func register<Intent: EnvelopeIntent>(_ intent: Intent) throws(SchemaError) {
        registrations[Intent.name] = Registration(intent: intent, parameterSchema: try JSONSchema(Intent.parameterSchema))
    }

    /// Lets envelopes of `intent` at `version` replay: `migrate` must return an envelope at a
    /// later version (migrations chain until the current version is reached).
    public mutating func registerMigration(intent: String, from version: Int, _ migrate: @escaping Migration) {
        migrations[intent, default: [:]][version] = migrate
    }

    /// Checks `envelope` against every rule; returns the envelope to perform (migrated to the
    /// intent's current version when a migration was registered) or the first rule broken.
    public func admit(_ envelope: Envelope) -> Result<Envelope, GateRefusal> {
        guard let registration = registrations[envelope.intent] else {
            return .failure(GateRefusal(.unknownIntent(envelope.intent)))
        }
        guard envelope.complete else { return .failure(GateRefusal(.incomplete)) }
        let current = type(of: registration.intent).schemaVersion
        var envelope = envelope
        var steps = 0
        while envelope.schemaVersion != current {
            guard let migrate = migrations[envelope.intent]?[envelope.schemaVersion], steps < 64 else {
                return .failure(GateRefusal(.schemaVersionMismatch(expected: current, found: envelope.schemaVersion)))
            }
            let from = envelope.schemaVersion
            do {
                envelope = try migrate(envelope)
            } catch {
                return .failure(GateRefusal(.migrationFailed(from: from, reason: "\(error)")))
            }
            guard envelope.schemaVersion > from, envelope.intent == type(of: registration.intent).name else {
                return .failure(GateRefusal(.migrationFailed(from: from, reason: "it returned schemaVersion \(envelope.schemaVersion) for intent '\(envelope.intent)'")))
            }
            steps += 1
        }
        if let refusal = EnvelopeRules.refusal(for: envelope) { return .failure(refusal) }
        if let parameters = envelope.parameters {
            let result = registration.parameterSchema.validate(.object(parameters))
            guard result.isValid else { return .failure(GateRefusal(.parametersViolateSchema(result.errors))) }
        }
        return .success(envelope)
    }

    /// Checks envelope JSON (shape first, then the rules).
    public func admit(json: JSONValue) -> Result<Envelope, GateRefusal> {
        do {
            return admit(try Envelope(json: json))
        } catch {
            if case .malformed(let errors) = error { return .failure(GateRefusal(.malformedEnvelope(errors))) }
            return .failure(GateRefusal(.malformedEnvelope([ValidationError(instancePath: "", keywordLocation: "", message: error.description)])))
        }
    }

    /// Admits `envelope`, appends it to the journal (fsynced), then performs the intent.
    /// - throws: `GateRefusal` naming the rule, `JournalError`, or what `perform` throws.
    public func perform(_ envelope: Envelope) async throws -> JSONValue {
        let admitted = try admit(envelope).get()
        guard let registration = registrations[admitted.intent], let parameters = admitted.parameters else {
            throw GateRefusal(.unknownIntent(admitted.intent))  // unreachable: admit checked both
        }
        try journal?.append(admitted)
        return try await registration.intent.perform(parameters: parameters, pass: GatePass(envelope: admitted))
    }

    /// Runs every journal record through the gate again (nothing is performed).
    public func replay(_ contents: JournalContents) -> [ReplayDecision] {
        contents.records.map { record in
            switch record.envelope {
            case .success(let envelope):
                return ReplayDecision(record: record, outcome: admit(envelope))
            case .failure(let error):
                let errors: [ValidationError]
                if case .malformed(let list) = error { errors = list } else {
                    errors = [ValidationError(instancePath: "", keywordLocation: "", message: error.description)]
                }
                return ReplayDecision(record: record, outcome: .failure(GateRefusal(.malformedEnvelope(errors))))
            }
        }
    }
}
