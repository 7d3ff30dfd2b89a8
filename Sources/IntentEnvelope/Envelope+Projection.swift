import JSONCore

extension Envelope {
    /// Builds `parameters` from finished `content`, copying only the fields `intent` declares
    /// (in the intent's declaration order); the model's extra fields (`rationale`) stay in
    /// `content`. Declared fields missing from `content` stay missing, so the gate's
    /// parameter-schema check reports them.
    public static func project<Intent: EnvelopeIntent>(_ content: JSONObject, for intent: Intent.Type) -> JSONObject {
        project(content, declaredNames: intent.parameterNames)
    }

    static func project(_ content: JSONObject, declaredNames: [String]) -> JSONObject {
        var parameters = JSONObject()
        for name in declaredNames {
            if let value = content[name] { parameters[name] = value }
        }
        return parameters
    }

    /// A complete foundation-models envelope: `content` as generated, `parameters` projected.
    public static func finished<Intent: EnvelopeIntent>(
        content: JSONObject, sessionId: String, generable: String, for intent: Intent.Type
    ) -> Envelope {
        Envelope(source: .foundationModels, sessionId: sessionId, schemaVersion: intent.schemaVersion,
                 generable: generable, complete: true, content: content, intent: intent.name,
                 parameters: project(content, for: intent))
    }

    /// An envelope for a direct system invocation: no session, no generable, no content.
    public static func appIntent<Intent: EnvelopeIntent>(parameters: JSONObject, for intent: Intent.Type) -> Envelope {
        Envelope(source: .appIntent, sessionId: nil, schemaVersion: intent.schemaVersion, generable: nil,
                 complete: true, content: nil, intent: intent.name, parameters: parameters)
    }
}
